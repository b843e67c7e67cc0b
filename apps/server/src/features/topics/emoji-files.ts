import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The built-in emoji set: the original's `:code:` names (category `qq`, as its clients group them) drawn with
 * Twemoji (npm `@twemoji/svg`; graphics CC-BY 4.0, credited in the README), served from that package.
 */
export const BUILT_IN_EMOJI: ReadonlyArray<readonly [code: string, codepoint: string]> = [
  ['smile', '1f604'],
  ['laugh', '1f606'],
  ['wink', '1f609'],
  ['cry', '1f622'],
  ['angry', '1f620'],
  ['heart', '2764'],
  ['thumbsup', '1f44d'],
  ['clap', '1f44f'],
  ['kelian', '1f97a'],
  ['haixiu', '1f633'],
  ['xiaoku', '1f602'],
  ['se', '1f60d'],
  ['qinqin', '1f618'],
  ['ku', '1f60e'],
  ['sikao', '1f914'],
  ['jingkong', '1f631'],
  ['daku', '1f62d'],
  ['fanu', '1f621'],
  ['baoquan', '1f64f'],
  ['qingzhu', '1f389'],
  ['meigui', '1f339'],
  ['qiang', '1f4aa'],
  ['ok', '1f44c'],
  ['weixiao', '1f60a'],
  ['shui', '1f634'],
  ['baiyan', '1f644'],
  ['touxiao', '1f92d'],
  ['yongbao', '1f917'],
  ['xinsui', '1f494'],
  ['xingxing', '2b50'],
];

/** The path of one built-in emoji's image, as stored in the emoji table (relative: the reply makes it absolute). */
export const builtInEmojiUrl = (code: string) => `/emoji/qq/${code}.svg`;

const CODEPOINTS = new Map(BUILT_IN_EMOJI);
const SVG_DIR = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));

/**
 * `GET /emoji/qq/<code>.svg`: the built-in set's images, immutable (a picture never changes under its name), and
 * the `.gif` names older rows and imported sites' seeds used. Unknown names are a plain 404.
 */
export function registerEmojiFiles(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/emoji/qq/:file', async (req, reply) => {
    const m = /^([a-z0-9_]{1,40})\.(?:svg|gif|png)$/.exec(req.params.file);
    const codepoint = m ? CODEPOINTS.get(m[1]!) : undefined;
    if (!codepoint) return reply.code(404).type('text/plain').send('not found');
    const svg = await readFile(path.join(SVG_DIR, `${codepoint}.svg`));
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(svg);
  });
}
