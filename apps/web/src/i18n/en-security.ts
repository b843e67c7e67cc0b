/** English strings of account security (two-factor login step and enrolment, phone links); loaded with the route. */
export const enSecurity = {
  security: {
    title: 'Account security',
    phone: 'Phone number',
    phoneNone: 'Not bound',
    bindPhone: 'Bind phone number',
    rebindPhone: 'Change phone number',
    twoFactor: 'Two-factor authentication',
    twoFactorOn: 'On ({{count}} recovery codes left)',
    twoFactorOff: 'Off',
    twoFactorRequired:
      'This site requires administrators to turn on two-factor authentication to use the admin area',
    enable: 'Turn on two-factor authentication',
    scan: 'Scan the QR code with an authenticator app, or enter the key by hand:',
    secret: 'Key',
    code: 'Code',
    codePlaceholder: '6 digits or a recovery code',
    confirm: 'Turn on',
    enabled: 'Two-factor authentication is on',
    recoveryTitle: 'Recovery codes (shown only this once; keep them safe)',
    recoveryDone: 'I have saved them',
    disable: 'Turn off two-factor authentication',
    disabled: 'Two-factor authentication is off',
    loginTitle: 'Two-factor authentication',
    loginTip: 'Enter the 6-digit code from your authenticator app, or a recovery code',
    loginSubmit: 'Verify and log in',
  },
};
