import { lang } from './api.ts';

/** Strings of the storage page (Tencent COS for every uploaded file), Chinese first. */
const zh = {
  menu: '存储设置',
  title: '文件存储（腾讯云 COS）',
  note: '开启后，附件、头像、站点图片和上传的插件都存入 COS，多台服务器共用。服务器设置了 STORAGE_URL 时以它为准。已有文件用 npm run forum -- storage:migrate 复制过去。',
  cos: '使用腾讯云 COS 存储',
  bucket: '存储桶名称（含 APPID，如 forum-1250000000）',
  area: '所属地域（如 ap-guangzhou）',
  cdn: 'CDN 地址（可选，头像和站点图片由此直接访问）',
  secretId: '腾讯云 SecretId',
  secretKey: '腾讯云 SecretKey',
};

const en: typeof zh = {
  menu: 'Storage',
  title: 'File storage (Tencent Cloud COS)',
  note: 'When on, attachments, avatars, site pictures and uploaded plugins go to COS, shared by every server. A STORAGE_URL set on the server takes precedence. Copy existing files with npm run forum -- storage:migrate.',
  cos: 'Store files in Tencent Cloud COS',
  bucket: 'Bucket name with its APPID (e.g. forum-1250000000)',
  area: 'Region (e.g. ap-guangzhou)',
  cdn: 'CDN address (optional; avatars and site pictures are loaded from it directly)',
  secretId: 'Tencent Cloud SecretId',
  secretKey: 'Tencent Cloud SecretKey',
};

/** The strings in the site language. */
export const st = lang === 'en' ? en : zh;
