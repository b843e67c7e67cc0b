import { z } from 'zod';
import {
  PLUGIN_PATH_PATTERN,
  PLUGIN_RULE_TEXT,
  pluginChecks,
  PLUGIN_VERSION_PATTERN,
} from './plugin-rules.js';

const text = (rule: 'pluginName' | 'hookName') =>
  z.string({ error: PLUGIN_RULE_TEXT[rule] }).refine(pluginChecks[rule], PLUGIN_RULE_TEXT[rule]);

const filled = z.string().trim().min(1);

/** Fields every plugin declares, UI descriptor and server manifest alike (spec §3, §5). */
const pluginBase = {
  pluginName: text('pluginName'),
  version: z
    .string({ error: PLUGIN_RULE_TEXT.version })
    .regex(PLUGIN_VERSION_PATTERN, PLUGIN_RULE_TEXT.version),
  target: z.unknown().refine(pluginChecks.target, PLUGIN_RULE_TEXT.target),
  author: z.object({ name: filled, email: filled }, { error: PLUGIN_RULE_TEXT.author }),
  type: z.union([z.number(), z.string().trim().min(1)], { error: PLUGIN_RULE_TEXT.type }),
  appid: z.union([z.string().trim().min(1), z.number()], { error: PLUGIN_RULE_TEXT.appid }),
  platform: z
    .array(z.string(), { error: PLUGIN_RULE_TEXT.platform })
    .refine(pluginChecks.platform, PLUGIN_RULE_TEXT.platform),
  path: z.string().regex(PLUGIN_PATH_PATTERN, PLUGIN_RULE_TEXT.path).optional(),
  priority: z.number().finite().optional(),
};

/**
 * A UI plugin descriptor (spec §5). `component` is a React element type or 'padding'; contracts may not import
 * React, so it is checked by shape (function, or memo / forwardRef / lazy object).
 */
export const pluginDescriptorSchema = z.object({
  ...pluginBase,
  hookName: text('hookName'),
  component: z.unknown().refine(pluginChecks.component, PLUGIN_RULE_TEXT.component),
});

/** A UI plugin descriptor as the schema reads it. */
export type PluginDescriptorInput = z.infer<typeof pluginDescriptorSchema>;

/** A server manifest (`plugins/<name>/plugin.json`): the descriptor without the component; may list hooks. */
export const pluginManifestSchema = z.object({
  ...pluginBase,
  hookName: z.unknown().refine(pluginChecks.manifestHookName, PLUGIN_RULE_TEXT.hookName),
  description: z.string().optional(),
});

/** A server manifest as the schema reads it. */
export type PluginManifest = z.infer<typeof pluginManifestSchema>;
