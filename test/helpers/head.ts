/** Reading a page's <head> the way a crawler or a link-preview bot does. */

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The content of <meta property|name="key">, or undefined. */
export function metaContent(html: string, key: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`<meta (?:property|name)="${escaped}" content="([^"]*)">`).exec(html);
  return match ? unescape(match[1]!) : undefined;
}

/** The attributes of the first <link rel="rel">, or undefined. */
export function linkTag(html: string, rel: string): Record<string, string> | undefined {
  const tag = new RegExp(`<link rel="${rel}"[^>]*>`).exec(html)?.[0];
  if (!tag) return undefined;
  return Object.fromEntries(
    [...tag.matchAll(/(\w[\w-]*)="([^"]*)"/g)].map(([, name, value]) => [name!, unescape(value!)]),
  );
}

/** The raw text of every <script type="application/ld+json"> block. */
export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
}

export interface JsonLdNode {
  '@type': string;
  [key: string]: unknown;
}

/** The nodes of the page's one JSON-LD graph. */
export function jsonLdGraph(html: string): JsonLdNode[] {
  const blocks = jsonLdBlocks(html);
  if (blocks.length !== 1) throw new Error(`expected one JSON-LD block, found ${blocks.length}`);
  const data = JSON.parse(blocks[0]!) as { '@context': string; '@graph': JsonLdNode[] };
  if (data['@context'] !== 'https://schema.org') throw new Error('JSON-LD without the schema.org context');
  return data['@graph'];
}
