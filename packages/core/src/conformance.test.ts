/**
 * The platform-helper cases in packages/jsont/conformance (content, social and commerce formatters and
 * predicates), rendered through our engine with core's plugin and compared as the README says
 * (trimmed, then character for character).
 *
 * Run: npx vitest run packages/core/src/conformance.test.ts
 * The summary line `platform conformance: N passed, M expected divergences, K known failures`
 * is printed at the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '@storefront/jsont';
import { loadConformanceCases, needsPlatform, sameOutput } from '@storefront/jsont/conformance';
import { platformPlugin } from './index.ts';

/** Cases where the product spec overrides the reference (shared/DESIGN.md): they must differ, the spec's way. */
const EXPECTED_DIVERGENCES: Readonly<Record<string, { reason: string; output: string }>> = {
  'template-engine/plugins/resources/f-cart-subtotal-1.html': {
    reason:
      'DESIGN.md: "cart-subtotal formats the cart subtotal" (the reference prints "deprecated, do not use")',
    output: '<span class="sqs-cart-subtotal"><span class="sqs-money-native">123.45</span></span>',
  },
  'template-engine/plugins/resources/f-audio-player-1.html': {
    reason:
      'issue 16: "audio with a native player and the helper\'s markup working without Y" (the reference writes a Y.use script, an error without YUI)',
    output:
      '<div class="squarespace-audio-player" data-audio-asset-url="http://example.com/foo.mp3" data-item-id="560c37c1a7c8465c4a71d99a" id="audio-player-560c37c1a7c8465c4a71d99a"><audio controls preload="none" src="http://example.com/foo.mp3"></audio></div>',
  },
  ...Object.fromEntries(
    [1, 2].map((n) => [
      `template-engine/plugins/resources/f-twitter-follow-button-${n}.html`,
      {
        reason:
          "issue 16: the follow-buttons helper's markup works without Y, as plain links (the reference writes a Y.use script, an error without YUI)",
        output:
          '<div class="squarespace-follow-button" data-username="foobar"><a href="https://twitter.com/foobar" rel="noopener">Follow @foobar</a></div>',
      },
    ]),
  ),
};

/** Cases that fail today, with the reason. They are skipped (never counted as passed). */
const KNOWN_FAILURES: Readonly<Record<string, string>> = {};

const engine = createEngine({ plugins: [platformPlugin], enableExpressions: true, enableInclude: true });
const cases = loadConformanceCases().filter(needsPlatform);

const render = (c: (typeof cases)[number]) =>
  engine.render(c.template, c.json, {
    partials: c.partials,
    injects: c.injects,
    locale: c.locale ?? 'en',
    now: c.now,
  });

let passed = 0;
let diverged = 0;

describe('platform conformance (packages/jsont/conformance)', () => {
  it('finds the platform cases', () => {
    expect(cases.length).toBeGreaterThan(150);
  });

  for (const c of cases) {
    const divergence = EXPECTED_DIVERGENCES[c.name];
    const known = KNOWN_FAILURES[c.name];
    if (known !== undefined) {
      it.skip(`${c.name} (known failure: ${known})`, () => {});
    } else if (divergence !== undefined) {
      it(`${c.name} diverges as the product spec says: ${divergence.reason}`, () => {
        const { output } = render(c);
        expect(sameOutput(c.expected, output)).toBe(false);
        expect(output.trim()).toBe(divergence.output);
        diverged++;
      });
    } else {
      it(c.name, () => {
        const { output } = render(c);
        expect(output.trim()).toBe(c.expected.replace(/\r\n/g, '\n').trim());
        passed++;
      });
    }
  }

  afterAll(() => {
    console.log(
      `platform conformance: ${passed} passed, ${diverged} expected divergences, ` +
        `${Object.keys(KNOWN_FAILURES).length} known failures, of ${cases.length} cases`,
    );
  });
});
