/** Backups (operations issue): one archive of the database and DATA_DIR's files, restored into an empty site. */
export { createBackup, ARCHIVE_NAME, type BackupResult } from './create-backup.js';
export { restoreBackup } from './restore-backup.js';
export { BackupRefused, type BackupManifest } from './manifest.js';
export { defaultBackupDir } from './backup-settings.js';
