import { useState } from 'react';
import { wechatBindPhone } from '@forum/contracts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { MobileField, SmsCodeField } from './phone-fields.tsx';
import { WxPendingForm } from './wx-pending-form.tsx';

/** `/user/wx-bind-phone`: the phone's account (or a new one) logs in with a code and gets the pending WeChat. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  return (
    <WxPendingForm
      title={t('wechat.bindPhoneTitle')}
      testId="wx-bind-phone-form"
      send={(api, sessionToken) => api.call(wechatBindPhone, { sessionToken, mobile, code })}
    >
      <MobileField variant={platform} value={mobile} onChange={setMobile} />
      <SmsCodeField variant={platform} type="login" mobile={mobile} value={code} onChange={setCode} />
    </WxPendingForm>
  );
}
