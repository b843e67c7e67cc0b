import { st } from '../i18n-storage.ts';
import { SettingsForm } from './settings.tsx';

/** Where uploaded files live: Tencent COS from these settings (the original's names), else the server's disk. */
export function StorageSettings() {
  return (
    <SettingsForm
      title={st.title}
      testId="admin-storage"
      fields={[
        { key: 'qcloud_cos', label: st.cos, kind: 'bool', tag: 'qcloud', hint: st.note },
        { key: 'qcloud_cos_bucket_name', label: st.bucket, kind: 'text', tag: 'qcloud' },
        { key: 'qcloud_cos_bucket_area', label: st.area, kind: 'text', tag: 'qcloud' },
        { key: 'qcloud_cos_cdn_url', label: st.cdn, kind: 'text', tag: 'qcloud' },
        { key: 'qcloud_secret_id', label: st.secretId, kind: 'text', tag: 'qcloud' },
        { key: 'qcloud_secret_key', label: st.secretKey, kind: 'text', tag: 'qcloud' },
      ]}
    />
  );
}
