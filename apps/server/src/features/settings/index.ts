/** Settings feature: typed, cached key-value site settings. */
export { SettingsService } from './settings.service.js';
export { SETTING_DEFAULTS } from './settings.defaults.js';
export { insertMissingSettings, settingExists } from './settings.repository.js';
