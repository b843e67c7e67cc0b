import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import {
  callPluginApi,
  definePluginUI,
  defineStrings,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRelative,
} from '@forum/plugin-sdk';
import { Button, toast } from '@forum/ui';

/** What a plugin installed at runtime may use of the host: its React, the SDK helpers and a few UI parts. */
export interface PluginHostGlobals {
  React: typeof React;
  jsxRuntime: typeof jsxRuntime;
  sdk: {
    definePluginUI: typeof definePluginUI;
    callPluginApi: typeof callPluginApi;
    // The page language's strings and formats (the same the bundled plugins import from the SDK).
    defineStrings: typeof defineStrings;
    formatDate: typeof formatDate;
    formatDateTime: typeof formatDateTime;
    formatMoney: typeof formatMoney;
    formatNumber: typeof formatNumber;
    formatRelative: typeof formatRelative;
  };
  ui: { Button: typeof Button; toast: typeof toast };
}

/**
 * Shares the host's React (one React per page, or hooks break) and helpers with plugins built outside this
 * build; their bundles read `globalThis.__forumPluginHost` instead of importing these packages.
 */
export function sharePluginHost(): void {
  const g = globalThis as { __forumPluginHost?: PluginHostGlobals };
  g.__forumPluginHost ??= {
    React,
    jsxRuntime,
    sdk: {
      definePluginUI,
      callPluginApi,
      defineStrings,
      formatDate,
      formatDateTime,
      formatMoney,
      formatNumber,
      formatRelative,
    },
    ui: { Button, toast },
  };
}
