/**
 * Issue 28: the platform tags a template writes are learned once from its source, its partials'
 * and its tags' bodies included, so that a page reads every tag's data before it renders.
 */
import { describe, expect, it } from 'vitest';
import { extractPlatformTags, TagBodies, templateTags } from './platform-tags.ts';

function learn(source: string, partialSources: Record<string, string> = {}) {
  const bodies = new TagBodies();
  const partials = Object.fromEntries(
    Object.entries(partialSources).map(([name, text]) => [name, extractPlatformTags(text, bodies)]),
  );
  return templateTags(extractPlatformTags(source, bodies), bodies, partials);
}

describe('the platform tags a template writes', () => {
  it('a tag written out is declared as it is, with nothing to render per page', () => {
    const { fixed, scoped } = learn(
      '<main><squarespace:query collection="shop" limit="6">{title}</squarespace:query></main>',
    );
    expect(fixed.map((tag) => [tag.name, tag.attrs])).toEqual([
      ['query', { collection: 'shop', limit: '6' }],
    ]);
    expect(scoped).toBeNull();
  });

  it("a tag in a partial the template applies, or in the partial a tag renders with, or in a tag's body, is declared", () => {
    const { fixed } = learn(
      '{.section item}{@|apply card.block}{.end}<squarespace:navigation navigationId="main" template="nav"/>' +
        '<squarespace:query collection="shop">{.repeated section items}<squarespace:category collection="journal"/>{.end}</squarespace:query>',
      {
        'card.block': '<squarespace:query collection="shop" item="mug"/>',
        'nav.block': '<squarespace:related limit="2"/>',
      },
    );
    expect(fixed.map((tag) => tag.name).sort()).toEqual([
      'category',
      'navigation',
      'query',
      'query',
      'related',
    ]);
  });

  it("a tag whose attributes are variables keeps its scope: the partial's, applied to a value, inside that value's section", () => {
    const { fixed, scoped } = learn('{.section categories}{product|apply related.block}{.end}', {
      'related.block': '<squarespace:query collection="{urlId}" category="{0}" limit="5"/>',
    });
    expect(fixed).toEqual([]);
    expect(scoped).toMatch(
      /^\{\.section categories\}\{\.section product\}<squarespace:query collection="\{urlId\}" category="\{0\}" limit="5" data-sf-tag="\d+"\/>\{\.end\}\{\.end\}$/,
    );
  });

  it('a tag inside a JSON-T comment is documentation: not declared', () => {
    const { fixed, scoped } = learn('{## <squarespace:query collection="shop"/> ##}<p>hello</p>');
    expect(fixed).toEqual([]);
    expect(scoped).toBeNull();
  });
});
