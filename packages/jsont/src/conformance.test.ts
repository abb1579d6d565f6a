/**
 * The core-language cases in packages/jsont/conformance (everything that does not need the platform
 * helpers of @storefront/core), rendered through the engine and compared as the specs README says
 * (trimmed, then character for character). One test per case, named by area and file.
 *
 * Run: npx vitest run packages/jsont/src/conformance.test.ts
 * A per-area summary (`jsont conformance: N passed, M failed ...`) is printed at the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';
import { loadConformanceCases, needsPlatform, sameOutput, specsDir } from './conformance-cases.ts';
import type { ConformanceCase } from './conformance-cases.ts';

/**
 * Cases where the product spec overrides the reference (shared/DESIGN.md, "Where the spec and the
 * public engines disagree, the spec wins"). Each must differ from the file, the spec's way.
 * None of the visible in-scope cases exercises those points today (the missing-date and
 * invalid-timesince rules are covered by unit tests in i18n.test.ts / errors.test.ts).
 */
const EXPECTED_DIVERGENCES: Readonly<Record<string, { specLine: string; output: string }>> = {};

/** In-scope cases that still fail, with the reason. Run and reported, never counted as passed. */
const KNOWN_FAILURES: Readonly<Record<string, string>> = {};

const engine = createEngine({ enableExpressions: true, enableInclude: true });
const all = loadConformanceCases();
const cases = all.filter((c) => !needsPlatform(c));

const render = (c: ConformanceCase) =>
  engine.render(c.template, c.json, {
    partials: c.partials,
    injects: c.injects,
    locale: c.locale ?? 'en',
    now: c.now,
  });

const tally = new Map<string, { passed: number; failed: number; diverged: number; known: number }>();
const count = (area: string, what: 'passed' | 'failed' | 'diverged' | 'known'): void => {
  const t = tally.get(area) ?? { passed: 0, failed: 0, diverged: 0, known: 0 };
  t[what]++;
  tally.set(area, t);
};

describe(`jsont conformance (${specsDir()})`, () => {
  it('finds the spec files and the in-scope cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(cases.length).toBeGreaterThanOrEqual(80);
  });

  for (const c of cases) {
    const divergence = EXPECTED_DIVERGENCES[c.name];
    const known = KNOWN_FAILURES[c.name];
    if (divergence !== undefined) {
      it(`${c.area} ${c.name} diverges as the product spec says (${divergence.specLine})`, () => {
        const { output } = render(c);
        expect(sameOutput(c.expected, output)).toBe(false);
        expect(output.trim()).toBe(divergence.output);
        count(c.area, 'diverged');
      });
    } else if (known !== undefined) {
      it(`${c.area} ${c.name} is a known failure (${known}) and is run`, () => {
        const { output } = render(c);
        const ok = sameOutput(c.expected, output);
        // A known failure that starts passing must be removed from the list.
        expect(ok, `${c.name} passes now: remove it from KNOWN_FAILURES`).toBe(false);
        count(c.area, 'known');
      });
    } else {
      it(`${c.area} ${c.name}`, () => {
        const { output, errors } = render(c);
        const ok = sameOutput(c.expected, output);
        count(c.area, ok ? 'passed' : 'failed');
        expect(output.trim(), JSON.stringify(errors)).toBe(c.expected.replace(/\r\n/g, '\n').trim());
      });
    }
  }

  afterAll(() => {
    let p = 0;
    let f = 0;
    const lines: string[] = [];
    for (const [area, t] of [...tally].sort()) {
      p += t.passed;
      f += t.failed + t.known;
      lines.push(
        `  ${area.padEnd(24)} ${t.passed} passed, ${t.failed + t.known} failed` +
          (t.diverged ? `, ${t.diverged} spec divergences` : '') +
          (t.known ? ` (${t.known} known)` : ''),
      );
    }
    console.log(
      `jsont conformance: ${p} passed, ${f} failed (of ${cases.length} in-scope cases)\n${lines.join('\n')}`,
    );
  });
});
