/** The consent page of a local fake provider: hidden OAuth fields, editable identity fields, an Allow button. */
export function consentPage(
  title: string,
  action: string,
  hidden: Record<string, string>,
  fields: Array<{ name: string; value: string }>,
): string {
  const h = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join('');
  const f = fields
    .map(
      (x) =>
        `<label>${x.name} <input name="${x.name}" data-testid="fake-${x.name}" value="${escapeHtml(x.value)}"></label>`,
    )
    .join('');
  return (
    `<!doctype html><meta name="viewport" content="width=device-width"><title>${title}</title>` +
    `<form action="${action}" style="font:16px sans-serif;max-width:320px;margin:40px auto;display:grid;gap:8px">` +
    `<h1 style="font-size:20px">${title}</h1>${h}${f}<button data-testid="fake-allow">Allow</button></form>`
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
