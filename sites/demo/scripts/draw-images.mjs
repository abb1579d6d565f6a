#!/usr/bin/env node
/**
 * Draws the demo site's images as flat SVG illustrations into content/media/.
 * Plain Node, no dependencies, nothing downloaded: every picture is built from the shapes below.
 *
 *   node sites/demo/scripts/draw-images.mjs
 *
 * One palette for everything (warm neutrals, a forest green, rust and ink), soft backdrops, a floor
 * shadow under every object. Product pictures are 1200 × 1500 (4:5), journal covers 1600 × 1000.
 * Output is deterministic (a seeded random for speckles and grain), so rerunning changes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const mediaDir = join(here, '..', 'content', 'media');
mkdirSync(mediaDir, { recursive: true });

// ------------------------------------------------------------------------------------------ palette

const C = {
  cream: '#f6f1ea',
  paper: '#fbf8f3',
  sand: '#ece3d6',
  blush: '#f2e3d9',
  mist: '#e4e9e2',
  sky: '#e2e8ec',
  butter: '#f3e9cf',
  forest: '#2f4a3a',
  ink: '#23292e',
  oat: '#dccbb0',
  oatDark: '#c4b08f',
  sage: '#a3b49a',
  sageDark: '#84977b',
  rust: '#b65f3a',
  rustDark: '#934a2c',
  clay: '#c98b6b',
  clayDark: '#ad7153',
  slate: '#5f6b73',
  slateDark: '#4b555c',
  inkBlue: '#2f4c6e',
  inkBlueDark: '#243b57',
  moss: '#6f7d4c',
  mossDark: '#5a663c',
  bone: '#efe8dc',
  boneDark: '#dcd2c2',
  celadon: '#b9cdbf',
  celadonDark: '#9db5a5',
  buff: '#e4d2b4',
  buffDark: '#cdb894',
  honey: '#e0b15a',
  honeyDark: '#c8943d',
  walnut: '#6e4b34',
  walnutDark: '#553826',
  walnutLight: '#8a6247',
  charcoal: '#4a4946',
  charcoalDark: '#393836',
  canvas: '#e3d4b6',
  canvasDark: '#cfbd99',
  leather: '#8a5a3b',
  leatherDark: '#6d452c',
  indigo: '#35476b',
  indigoDark: '#2a3956',
  olive: '#737a4e',
  oliveDark: '#5d633e',
  creamKnit: '#efe5d3',
  kraft: '#c9a57a',
  kraftDark: '#a98659',
  flame: '#f2b84b',
  flameCore: '#fff1c9',
  white: '#ffffff',
};

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";
const SERIF = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";

// ------------------------------------------------------------------------------------------ helpers

/** Seeded random (mulberry32), so the drawings are the same on every run. */
const seeded = (seed) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const r1 = (n) => Math.round(n * 10) / 10;

const svg = (w, h, title, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${title}">
<title>${title}</title>
${body}
</svg>
`;

/** A soft product backdrop: flat colour, a large arch in a lighter tone, a floor line. */
const backdrop = (w, h, bg, arch, floorY = h * 0.78) => `
<rect width="${w}" height="${h}" fill="${bg}"/>
<path d="M${w * 0.16} ${floorY} V${h * 0.36} a${w * 0.34} ${w * 0.34} 0 0 1 ${w * 0.68} 0 V${floorY} Z" fill="${arch}"/>
<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="${arch}" opacity="0.55"/>`;

const shadow = (cx, cy, rx, ry, opacity = 0.14) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3a2e22" opacity="${opacity}"/>`;

/** Small dots scattered in a box (glaze speckles, wood pores, knit texture). */
const speckles = (rand, x, y, w, h, n, color, rMin = 2, rMax = 5, opacity = 0.6) => {
  let out = '';
  for (let i = 0; i < n; i++) {
    const cx = r1(x + rand() * w);
    const cy = r1(y + rand() * h);
    const r = r1(rMin + rand() * (rMax - rMin));
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" opacity="${opacity}"/>`;
  }
  return out;
};

/** A sprig of juniper or grass: a curved stem with small leaves. */
const sprig = (x, y, len, lean, color, leaf = 14) => {
  let out = `<path d="M${x} ${y} q${lean * 0.5} ${-len * 0.5} ${lean} ${-len}" fill="none" stroke="${color}" stroke-width="5" stroke-linecap="round"/>`;
  const steps = 7;
  for (let i = 1; i <= steps; i++) {
    const t = i / (steps + 1);
    const px = x + lean * t * t;
    const py = y - len * t;
    const side = i % 2 ? 1 : -1;
    out += `<ellipse cx="${r1(px + side * leaf)}" cy="${r1(py)}" rx="${leaf}" ry="${r1(leaf * 0.38)}" fill="${color}" transform="rotate(${side * -35} ${r1(px + side * leaf)} ${r1(py)})"/>`;
  }
  return out;
};

const write = (file, content) => {
  writeFileSync(join(mediaDir, file), content);
  return file;
};

const W = 1200;
const H = 1500;

// ------------------------------------------------------------------------------------------ products

const shirt = (file, title, bg, arch, fill, dark) =>
  write(
    file,
    svg(
      W,
      H,
      title,
      `${backdrop(W, H, bg, arch)}
${shadow(600, 1190, 330, 34)}
<g>
  <path d="M515 330 L372 382 Q300 470 236 612 L356 676 L402 600 L402 1150 Q600 1178 798 1150 L798 600 L844 676 L964 612 Q900 470 828 382 L685 330 Q600 372 515 330 Z" fill="${fill}"/>
  <path d="M600 360 L685 330 L828 382 Q900 470 964 612 L844 676 L798 600 L798 1150 Q700 1164 600 1166 Z" fill="${dark}" opacity="0.28"/>
  <path d="M236 612 L356 676 L366 656 L250 592 Z" fill="${dark}" opacity="0.6"/>
  <path d="M964 612 L844 676 L834 656 L950 592 Z" fill="${dark}" opacity="0.6"/>
  <path d="M545 342 Q600 372 655 342 L600 470 Z" fill="${dark}" opacity="0.75"/>
  <path d="M515 330 L478 372 L600 540 L600 470 L545 342 Z" fill="${fill}"/>
  <path d="M515 330 L478 372 L600 540 L600 470 L545 342 Z" fill="${dark}" opacity="0.18"/>
  <path d="M685 330 L722 372 L600 540 L600 470 L655 342 Z" fill="${fill}"/>
  <path d="M685 330 L722 372 L600 540 L600 470 L655 342 Z" fill="${dark}" opacity="0.32"/>
  <line x1="600" y1="540" x2="600" y2="1160" stroke="${dark}" stroke-width="3" opacity="0.5"/>
  ${[600, 720, 840, 960, 1080].map((y) => `<circle cx="614" cy="${y}" r="9" fill="${C.paper}" stroke="${dark}" stroke-width="2"/>`).join('')}
  <path d="M448 640 h118 v112 q-59 14 -118 0 Z" fill="${dark}" opacity="0.22"/>
  <line x1="448" y1="652" x2="566" y2="652" stroke="${dark}" stroke-width="2.5" opacity="0.55"/>
  <path d="M402 1150 Q600 1178 798 1150" fill="none" stroke="${dark}" stroke-width="3" opacity="0.45"/>
</g>`,
    ),
  );

const mug = (file, title, glaze, glazeDark, bg, arch, seed) => {
  const rand = seeded(seed);
  return write(
    file,
    svg(
      W,
      H,
      title,
      `${backdrop(W, H, bg, arch)}
${shadow(590, 1110, 260, 30)}
<g>
  <path d="M750 760 q150 -10 150 120 q0 130 -150 130" fill="none" stroke="${glazeDark}" stroke-width="62" stroke-linecap="round"/>
  <path d="M750 760 q150 -10 150 120 q0 130 -150 130" fill="none" stroke="${glaze}" stroke-width="44" stroke-linecap="round"/>
  <path d="M420 640 L420 1050 Q420 1110 480 1110 L720 1110 Q780 1110 780 1050 L780 640 Z" fill="${C.buff}"/>
  <path d="M420 640 L780 640 L780 930 Q735 960 690 928 Q640 892 590 936 Q540 978 490 936 Q452 904 420 930 Z" fill="${glaze}"/>
  <path d="M690 640 L780 640 L780 1050 Q780 1110 720 1110 L690 1110 Z" fill="#000" opacity="0.07"/>
  ${speckles(rand, 430, 650, 340, 450, 70, '#5b4632', 2, 4.5, 0.55)}
  <ellipse cx="600" cy="640" rx="180" ry="40" fill="${glazeDark}"/>
  <ellipse cx="600" cy="646" rx="160" ry="30" fill="#3b2a1f" opacity="0.55"/>
  <path d="M500 470 q-30 -50 0 -100 q30 -50 0 -100" fill="none" stroke="${C.white}" stroke-width="10" stroke-linecap="round" opacity="0.7"/>
  <path d="M600 480 q-30 -55 0 -110 q30 -55 0 -110" fill="none" stroke="${C.white}" stroke-width="10" stroke-linecap="round" opacity="0.55"/>
  <path d="M700 470 q-30 -50 0 -100 q30 -50 0 -100" fill="none" stroke="${C.white}" stroke-width="10" stroke-linecap="round" opacity="0.7"/>
</g>`,
    ),
  );
};

const budVases = (file) => {
  const rand = seeded(7);
  return write(
    file,
    svg(
      W,
      H,
      'Bud Vase Trio',
      `${backdrop(W, H, C.blush, C.bone)}
${shadow(600, 1120, 380, 30)}
${sprig(395, 830, 360, -70, C.forest, 15)}
${sprig(640, 740, 430, 40, C.sageDark, 13)}
<path d="M640 740 q10 -200 80 -330" fill="none" stroke="${C.honeyDark}" stroke-width="4"/>
<ellipse cx="722" cy="405" rx="16" ry="34" fill="${C.honey}" transform="rotate(25 722 405)"/>
${sprig(832, 900, 250, 60, C.moss, 12)}
<g>
  <path d="M372 830 q-8 60 -60 110 q-52 55 -52 100 q0 70 130 70 q130 0 130 -70 q0 -45 -52 -100 q-52 -50 -60 -110 Z" fill="${C.bone}"/>
  <path d="M396 830 q8 60 58 110 q54 55 54 100 q0 60 -84 70 q50 -30 30 -100 q-20 -70 -58 -180 Z" fill="${C.boneDark}" opacity="0.7"/>
  <rect x="366" y="816" width="60" height="20" rx="8" fill="${C.boneDark}"/>
</g>
<g>
  <path d="M612 740 L612 800 Q520 830 520 960 Q520 1110 640 1110 Q760 1110 760 960 Q760 830 668 800 L668 740 Z" fill="${C.celadon}"/>
  <path d="M668 800 Q760 830 760 960 Q760 1110 640 1110 Q720 1060 718 960 Q716 860 650 800 Z" fill="${C.celadonDark}" opacity="0.8"/>
  <rect x="604" y="726" width="72" height="22" rx="9" fill="${C.celadonDark}"/>
  ${speckles(rand, 540, 830, 200, 260, 22, '#5d7466', 1.5, 3, 0.4)}
</g>
<g>
  <path d="M800 900 L800 1080 Q800 1110 830 1110 L880 1110 Q910 1110 910 1080 L910 900 Z" fill="${C.clay}"/>
  <path d="M870 900 L910 900 L910 1080 Q910 1110 880 1110 L870 1110 Z" fill="${C.clayDark}"/>
  <ellipse cx="855" cy="900" rx="55" ry="14" fill="${C.clayDark}"/>
</g>`,
    ),
  );
};

const tote = (file, title, body, dark, bg, arch) =>
  write(
    file,
    svg(
      W,
      H,
      title,
      `${backdrop(W, H, bg, arch)}
${shadow(600, 1170, 340, 30)}
<g>
  <path d="M470 640 Q470 330 600 330 Q730 330 730 640" fill="none" stroke="${C.leatherDark}" stroke-width="36" stroke-linecap="round"/>
  <path d="M470 640 Q470 350 600 350 Q730 350 730 640" fill="none" stroke="${C.leather}" stroke-width="24" stroke-linecap="round"/>
  <path d="M330 600 L870 600 L900 1150 L300 1150 Z" fill="${body}"/>
  <path d="M700 600 L870 600 L900 1150 L730 1150 Z" fill="${dark}" opacity="0.35"/>
  <rect x="330" y="600" width="540" height="58" fill="${dark}" opacity="0.45"/>
  <line x1="335" y1="672" x2="865" y2="672" stroke="${C.paper}" stroke-width="3" stroke-dasharray="12 10" opacity="0.7"/>
  <rect x="438" y="600" width="64" height="150" rx="6" fill="${C.leather}"/>
  <rect x="698" y="600" width="64" height="150" rx="6" fill="${C.leather}"/>
  <circle cx="470" cy="716" r="8" fill="${C.honey}"/><circle cx="730" cy="716" r="8" fill="${C.honey}"/>
  <path d="M470 820 h260 v200 q-130 22 -260 0 Z" fill="${dark}" opacity="0.3"/>
  <line x1="475" y1="836" x2="725" y2="836" stroke="${C.paper}" stroke-width="3" stroke-dasharray="12 10" opacity="0.6"/>
  <rect x="558" y="900" width="84" height="40" rx="4" fill="${C.paper}" opacity="0.85"/>
  <text x="600" y="927" font-family="${FONT}" font-size="17" font-weight="700" letter-spacing="2" text-anchor="middle" fill="${C.forest}">J·R</text>
</g>`,
    ),
  );

const candlePillar = (file) =>
  write(
    file,
    svg(
      W,
      H,
      'Hand-poured beeswax pillar candle',
      `${backdrop(W, H, C.butter, C.cream)}
<circle cx="600" cy="470" r="210" fill="${C.flame}" opacity="0.12"/>
<circle cx="600" cy="470" r="120" fill="${C.flame}" opacity="0.18"/>
${shadow(600, 1130, 300, 32)}
<ellipse cx="600" cy="1100" rx="270" ry="50" fill="${C.bone}"/>
<ellipse cx="600" cy="1088" rx="270" ry="46" fill="${C.paper}"/>
<ellipse cx="600" cy="1080" rx="200" ry="28" fill="${C.boneDark}"/>
<g>
  <path d="M440 620 L440 1060 Q600 1100 760 1060 L760 620 Z" fill="${C.honey}"/>
  <path d="M660 620 L760 620 L760 1060 Q720 1072 660 1080 Z" fill="${C.honeyDark}" opacity="0.7"/>
  <path d="M470 660 L470 1040" stroke="${C.flameCore}" stroke-width="14" stroke-linecap="round" opacity="0.35"/>
  <ellipse cx="600" cy="620" rx="160" ry="34" fill="${C.honeyDark}"/>
  <ellipse cx="600" cy="624" rx="138" ry="25" fill="#d9a24a"/>
  <path d="M520 622 q20 40 0 70 q-14 24 6 56" fill="none" stroke="${C.honey}" stroke-width="16" stroke-linecap="round"/>
  <path d="M600 620 L600 560" stroke="${C.ink}" stroke-width="6" stroke-linecap="round"/>
  <path d="M600 410 Q648 490 630 540 Q616 572 600 572 Q584 572 570 540 Q552 490 600 410 Z" fill="${C.flame}"/>
  <path d="M600 470 Q622 515 612 545 Q606 560 600 560 Q594 560 588 545 Q578 515 600 470 Z" fill="${C.flameCore}"/>
</g>`,
    ),
  );

const throwBlanket = (file) =>
  write(
    file,
    svg(
      W,
      H,
      'Waffle cotton throw in clay, folded',
      `${backdrop(W, H, C.sand, C.blush)}
<defs>
  <pattern id="waffle" width="34" height="34" patternUnits="userSpaceOnUse">
    <rect width="34" height="34" fill="${C.clay}"/>
    <rect x="5" y="5" width="24" height="24" rx="5" fill="${C.clayDark}" opacity="0.45"/>
  </pattern>
</defs>
${shadow(600, 1140, 390, 34)}
<g>
  <rect x="240" y="930" width="720" height="190" rx="34" fill="url(#waffle)"/>
  <rect x="240" y="930" width="720" height="190" rx="34" fill="#000" opacity="0.08"/>
  <rect x="260" y="760" width="690" height="190" rx="34" fill="url(#waffle)"/>
  <rect x="260" y="760" width="690" height="190" rx="34" fill="#fff" opacity="0.04"/>
  <rect x="250" y="590" width="700" height="190" rx="34" fill="url(#waffle)"/>
  <path d="M284 610 h600" stroke="#fff" stroke-width="10" opacity="0.12" stroke-linecap="round"/>
  ${Array.from({ length: 17 }, (_, i) => `<line x1="${300 + i * 38}" y1="1120" x2="${296 + i * 38}" y2="1158" stroke="${C.clayDark}" stroke-width="6" stroke-linecap="round"/>`).join('')}
  <rect x="540" y="640" width="120" height="46" rx="4" fill="${C.paper}"/>
  <text x="600" y="670" font-family="${FONT}" font-size="18" font-weight="700" letter-spacing="3" text-anchor="middle" fill="${C.clayDark}">ORGANIC</text>
</g>`,
    ),
  );

const beanie = (file) => {
  const ribs = Array.from({ length: 15 }, (_, i) => {
    const x = 380 + i * 31;
    return `<line x1="${x}" y1="820" x2="${x}" y2="980" stroke="${C.rustDark}" stroke-width="7" opacity="0.45" stroke-linecap="round"/>`;
  }).join('');
  const crown = Array.from({ length: 11 }, (_, i) => {
    const x = 400 + i * 40;
    return `<path d="M${x} 820 Q${r1(600 + (x - 600) * 0.45)} 560 600 470" fill="none" stroke="${C.rustDark}" stroke-width="6" opacity="0.3"/>`;
  }).join('');
  return write(
    file,
    svg(
      W,
      H,
      'Merino rib beanie in rust',
      `${backdrop(W, H, C.mist, C.cream)}
${shadow(600, 1050, 300, 30)}
<g>
  <path d="M360 830 Q360 460 600 460 Q840 460 840 830 Z" fill="${C.rust}"/>
  <path d="M600 460 Q840 460 840 830 L700 830 Q740 560 600 460 Z" fill="${C.rustDark}" opacity="0.45"/>
  ${crown}
  <rect x="350" y="800" width="500" height="200" rx="40" fill="${C.rust}"/>
  <rect x="650" y="800" width="200" height="200" rx="40" fill="${C.rustDark}" opacity="0.4"/>
  ${ribs}
  <rect x="566" y="840" width="68" height="44" rx="4" fill="${C.paper}"/>
  <circle cx="600" cy="862" r="11" fill="${C.forest}"/>
</g>`,
    ),
  );
};

const teaTowels = (file) => {
  const towel = (x, body, stripe, stripeDark, tilt) => `
<g transform="rotate(${tilt} ${x + 150} 420)">
  <path d="M${x + 140} 420 q10 -40 20 0" fill="none" stroke="${C.ink}" stroke-width="5"/>
  <rect x="${x}" y="420" width="300" height="620" rx="8" fill="${body}"/>
  <rect x="${x + 200}" y="420" width="100" height="620" rx="8" fill="#000" opacity="0.05"/>
  <rect x="${x}" y="480" width="300" height="22" fill="${stripe}"/>
  <rect x="${x}" y="512" width="300" height="8" fill="${stripe}"/>
  <rect x="${x}" y="940" width="300" height="22" fill="${stripe}"/>
  <rect x="${x}" y="972" width="300" height="8" fill="${stripe}"/>
  <rect x="${x + 20}" y="420" width="10" height="620" fill="${stripeDark}" opacity="0.5"/>
  <rect x="${x + 270}" y="420" width="10" height="620" fill="${stripeDark}" opacity="0.5"/>
</g>`;
  return write(
    file,
    svg(
      W,
      H,
      'Two striped linen tea towels hanging from a wooden rail',
      `${backdrop(W, H, C.sky, C.cream, 1260)}
<rect x="180" y="388" width="840" height="28" rx="14" fill="${C.walnut}"/>
<circle cx="200" cy="402" r="26" fill="${C.walnutDark}"/><circle cx="1000" cy="402" r="26" fill="${C.walnutDark}"/>
${towel(270, C.bone, C.rust, C.rustDark, -1.5)}
${towel(630, C.oat, C.indigo, C.indigoDark, 1.5)}
${shadow(600, 1280, 330, 26, 0.08)}`,
    ),
  );
};

const servingBoard = (file) => {
  const rand = seeded(11);
  return write(
    file,
    svg(
      W,
      H,
      'Black walnut serving board with bread and cheese',
      `${backdrop(W, H, C.cream, C.sand)}
${shadow(600, 1100, 400, 40)}
<g transform="rotate(-8 600 900)">
  <path d="M230 800 Q230 760 270 760 L880 760 Q920 760 960 790 L1040 790 Q1080 790 1080 840 Q1080 890 1040 890 L960 890 Q920 930 880 930 L270 930 Q230 930 230 890 Z" fill="${C.walnut}"/>
  <path d="M230 890 L230 912 Q230 952 270 952 L880 952 Q920 952 960 912 L1040 912 Q1080 912 1080 862 L1080 840 Q1080 890 1040 890 L960 890 Q920 930 880 930 L270 930 Q230 930 230 890 Z" fill="${C.walnutDark}"/>
  <circle cx="1030" cy="840" r="20" fill="${C.cream}"/>
  <path d="M260 800 Q500 780 880 810" fill="none" stroke="${C.walnutLight}" stroke-width="5" opacity="0.6"/>
  <path d="M270 840 Q560 820 900 850" fill="none" stroke="${C.walnutLight}" stroke-width="4" opacity="0.5"/>
  <path d="M270 885 Q520 870 880 895" fill="none" stroke="${C.walnutLight}" stroke-width="4" opacity="0.45"/>
  ${speckles(rand, 260, 770, 620, 150, 40, C.walnutDark, 1.5, 3, 0.6)}
</g>
<g>
  <path d="M330 790 Q330 640 480 640 Q630 640 630 790 Z" fill="${C.honeyDark}"/>
  <path d="M330 790 Q330 650 480 650 L480 790 Z" fill="${C.honey}" opacity="0.6"/>
  <path d="M390 700 l40 -26 M450 690 l40 -26 M510 690 l40 -24" stroke="${C.butter}" stroke-width="10" stroke-linecap="round"/>
  <path d="M660 800 L860 800 L860 720 Z" fill="${C.butter}"/>
  <path d="M660 800 L860 720 L860 740 L680 806 Z" fill="#e8d9a8"/>
  <circle cx="780" cy="770" r="9" fill="#e8d9a8"/><circle cx="820" cy="782" r="6" fill="#e8d9a8"/>
  ${sprig(900, 790, 120, 40, C.forest, 10)}
</g>`,
    ),
  );
};

const apron = (file) =>
  write(
    file,
    svg(
      W,
      H,
      'Cross-back chore apron in indigo twill',
      `${backdrop(W, H, C.sand, C.cream)}
<circle cx="600" cy="260" r="16" fill="${C.walnutDark}"/>
<path d="M600 260 L480 520 M600 260 L720 520" stroke="${C.indigoDark}" stroke-width="26" stroke-linecap="round"/>
${shadow(600, 1260, 300, 22, 0.1)}
<g>
  <path d="M470 500 L730 500 L740 640 Q860 650 880 700 L900 1230 Q600 1260 300 1230 L320 700 Q340 650 460 640 Z" fill="${C.indigo}"/>
  <path d="M700 500 L730 500 L740 640 Q860 650 880 700 L900 1230 Q800 1242 720 1246 Z" fill="${C.indigoDark}" opacity="0.45"/>
  <path d="M470 500 L730 500" stroke="${C.indigoDark}" stroke-width="8"/>
  <rect x="360" y="840" width="210" height="200" rx="10" fill="${C.indigoDark}" opacity="0.55"/>
  <rect x="630" y="840" width="210" height="200" rx="10" fill="${C.indigoDark}" opacity="0.55"/>
  <line x1="370" y1="858" x2="560" y2="858" stroke="${C.paper}" stroke-width="3" stroke-dasharray="10 9" opacity="0.55"/>
  <line x1="640" y1="858" x2="830" y2="858" stroke="${C.paper}" stroke-width="3" stroke-dasharray="10 9" opacity="0.55"/>
  <rect x="560" y="560" width="80" height="44" rx="4" fill="${C.paper}"/>
  <text x="600" y="589" font-family="${FONT}" font-size="17" font-weight="700" letter-spacing="2" text-anchor="middle" fill="${C.indigo}">J·R</text>
  <path d="M430 890 l14 -60 l10 60 Z" fill="${C.honey}"/>
  <rect x="700" y="800" width="16" height="90" rx="6" fill="${C.walnut}"/>
</g>`,
    ),
  );

const candleClub = (file) =>
  write(
    file,
    svg(
      W,
      H,
      'Candle of the Month Club box with a candle tin and beeswax tapers',
      `${backdrop(W, H, C.blush, C.cream)}
${shadow(600, 1130, 400, 34)}
<g>
  <path d="M330 720 L870 720 L840 600 L360 600 Z" fill="${C.kraft}"/>
  <rect x="300" y="700" width="600" height="90" fill="${C.kraftDark}"/>
  <path d="M470 780 L470 420 Q470 398 488 398 Q506 398 506 420 L506 780 Z" fill="${C.sage}"/>
  <path d="M530 780 L530 450 Q530 428 548 428 Q566 428 566 450 L566 780 Z" fill="${C.sageDark}"/>
  <path d="M488 398 L488 366 M548 428 L548 396" stroke="${C.ink}" stroke-width="5" stroke-linecap="round"/>
  <rect x="620" y="600" width="210" height="150" rx="18" fill="#b8bcbf"/>
  <rect x="620" y="600" width="210" height="40" rx="16" fill="#9ea3a6"/>
  <rect x="650" y="658" width="150" height="60" rx="4" fill="${C.paper}"/>
  <text x="725" y="697" font-family="${SERIF}" font-size="26" font-style="italic" text-anchor="middle" fill="${C.forest}">Pine</text>
  <path d="M290 790 Q340 700 400 760 Q450 690 520 762 Q590 700 650 764 Q720 696 780 760 Q850 700 910 790 Z" fill="${C.paper}"/>
  <path d="M400 760 Q430 740 460 770 M650 764 Q680 744 710 772" fill="none" stroke="${C.boneDark}" stroke-width="4"/>
  <rect x="280" y="780" width="640" height="340" fill="${C.kraft}"/>
  <rect x="760" y="780" width="160" height="340" fill="${C.kraftDark}" opacity="0.45"/>
  <path d="M280 780 L170 700 L230 640 L330 712 Z" fill="${C.kraftDark}"/>
  <path d="M920 780 L1030 700 L970 640 L870 712 Z" fill="${C.kraftDark}"/>
  <rect x="280" y="780" width="640" height="12" fill="#000" opacity="0.08"/>
  <rect x="440" y="880" width="320" height="130" rx="6" fill="${C.paper}"/>
  <text x="600" y="936" font-family="${SERIF}" font-size="40" text-anchor="middle" fill="${C.forest}">Candle Club</text>
  <text x="600" y="978" font-family="${FONT}" font-size="18" letter-spacing="4" text-anchor="middle" fill="${C.rust}">DECEMBER</text>
  <path d="M280 1060 H920" stroke="${C.rust}" stroke-width="10" opacity="0.7"/>
</g>`,
    ),
  );

const printSet = (file) => {
  const frame = (x, y, w, h, plant) => `
<g>
  ${shadow(x + w / 2, y + h + 14, w * 0.45, 10, 0.1)}
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${C.walnut}"/>
  <rect x="${x + 16}" y="${y + 16}" width="${w - 32}" height="${h - 32}" fill="${C.paper}"/>
  ${plant}
</g>`;
  const stem = (x, y, len, color) => sprig(x, y, len, 10, color, 16);
  return write(
    file,
    svg(
      W,
      H,
      'Three framed botanical prints: juniper, yarrow and wild fennel',
      `<rect width="${W}" height="${H}" fill="${C.mist}"/>
<rect y="1180" width="${W}" height="320" fill="${C.sand}"/>
<rect y="1170" width="${W}" height="18" fill="${C.oatDark}"/>
${frame(160, 380, 400, 520, `${stem(360, 840, 380, C.forest)}`)}
${frame(640, 300, 400, 300, `<g>${[0, 1, 2, 3, 4].map((i) => `<circle cx="${760 + i * 36}" cy="${420 + (i % 2) * 12}" r="22" fill="${C.butter}" stroke="${C.honeyDark}" stroke-width="3"/>`).join('')}<path d="M840 440 L840 560 M800 440 L830 560 M880 440 L850 560" stroke="${C.sageDark}" stroke-width="4"/></g>`)}
${frame(640, 660, 400, 480, `<g>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M840 1060 L${r1(840 + Math.cos(Math.PI + (i * Math.PI) / 6) * 150)} ${r1(860 + Math.sin(Math.PI + (i * Math.PI) / 6) * 150)}" stroke="${C.moss}" stroke-width="4"/><circle cx="${r1(840 + Math.cos(Math.PI + (i * Math.PI) / 6) * 150)}" cy="${r1(860 + Math.sin(Math.PI + (i * Math.PI) / 6) * 150)}" r="10" fill="${C.honey}"/>`).join('')}<path d="M840 1060 L840 860" stroke="${C.moss}" stroke-width="5"/></g>`)}
<g transform="translate(190 1240)">
  <rect width="300" height="110" rx="10" fill="${C.forest}"/>
  <text x="150" y="50" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="3" text-anchor="middle" fill="${C.cream}">DIGITAL</text>
  <text x="150" y="82" font-family="${FONT}" font-size="20" text-anchor="middle" fill="${C.sage}">PDF + PNG · 300 dpi</text>
</g>`,
    ),
  );
};

const workshop = (file) =>
  write(
    file,
    svg(
      W,
      H,
      'A pottery wheel with a freshly thrown bowl',
      `${backdrop(W, H, C.sand, C.blush)}
${shadow(600, 1150, 400, 34)}
<g>
  <path d="M260 930 L940 930 L900 1120 L300 1120 Z" fill="${C.slate}"/>
  <path d="M760 930 L940 930 L900 1120 L790 1120 Z" fill="${C.slateDark}"/>
  <ellipse cx="600" cy="930" rx="340" ry="70" fill="${C.slateDark}"/>
  <ellipse cx="600" cy="920" rx="300" ry="56" fill="#c7b49a"/>
  <ellipse cx="600" cy="900" rx="200" ry="40" fill="#8d8f90"/>
  <ellipse cx="600" cy="892" rx="200" ry="40" fill="#a9abac"/>
  <path d="M450 880 Q450 700 470 640 L730 640 Q750 700 750 880 Q600 910 450 880 Z" fill="${C.clay}"/>
  <path d="M650 640 L730 640 Q750 700 750 880 Q700 892 660 896 Q690 760 650 640 Z" fill="${C.clayDark}" opacity="0.7"/>
  <ellipse cx="600" cy="640" rx="130" ry="26" fill="${C.clayDark}"/>
  <ellipse cx="600" cy="644" rx="110" ry="18" fill="#8f5a40"/>
  <path d="M470 720 Q600 740 740 720 M462 790 Q600 812 746 790" fill="none" stroke="${C.clayDark}" stroke-width="4" opacity="0.6"/>
  <path d="M880 560 q30 40 0 80" fill="none" stroke="${C.ink}" stroke-width="5" stroke-linecap="round" opacity="0.5"/>
  <rect x="840" y="420" width="16" height="170" rx="8" fill="${C.walnut}" transform="rotate(18 848 505)"/>
  <path d="M250 560 q40 -40 80 0 q40 40 80 0" fill="none" stroke="${C.sageDark}" stroke-width="6" stroke-linecap="round"/>
  <rect x="260" y="600" width="120" height="70" rx="30" fill="${C.honey}"/>
</g>
<text x="600" y="1300" font-family="${SERIF}" font-size="46" text-anchor="middle" fill="${C.forest}">Saturday workshops</text>
<text x="600" y="1350" font-family="${FONT}" font-size="22" letter-spacing="4" text-anchor="middle" fill="${C.rust}">1 – 4 PM · EIGHT PLACES</text>`,
    ),
  );

const giftCard = (file) =>
  write(
    file,
    svg(
      W,
      H,
      'Juniper Row gift card with an envelope',
      `${backdrop(W, H, C.mist, C.cream)}
${shadow(600, 1110, 380, 30)}
<g transform="rotate(-6 600 860)">
  <rect x="250" y="660" width="700" height="430" rx="12" fill="${C.kraft}"/>
  <path d="M250 672 L600 900 L950 672" fill="none" stroke="${C.kraftDark}" stroke-width="6"/>
</g>
<g transform="rotate(4 600 760)">
  <rect x="260" y="520" width="680" height="420" rx="28" fill="${C.forest}"/>
  <circle cx="860" cy="600" r="160" fill="#fff" opacity="0.05"/>
  <circle cx="340" cy="880" r="120" fill="#fff" opacity="0.04"/>
  <circle cx="340" cy="600" r="34" fill="${C.cream}"/>
  <path d="M340 578 c-12 15 -18 27 -18 39 a18 18 0 0 0 36 0 c0 -12 -6 -24 -18 -39z" fill="${C.forest}"/>
  <text x="392" y="612" font-family="${SERIF}" font-size="38" fill="${C.cream}">Juniper Row</text>
  <text x="320" y="830" font-family="${SERIF}" font-size="132" fill="${C.cream}">$50</text>
  <text x="880" y="890" font-family="${FONT}" font-size="22" letter-spacing="5" text-anchor="end" fill="${C.sage}">GIFT CARD</text>
  ${sprig(880, 840, 160, -30, C.sage, 12)}
</g>`,
    ),
  );

// ------------------------------------------------------------------------------------------ scenes

const hero = () =>
  write(
    'hero.svg',
    svg(
      1600,
      1200,
      'A stoneware mug, a bud vase with a juniper sprig and a beeswax candle on a linen cloth by a window',
      `<rect width="1600" height="1200" fill="${C.blush}"/>
<path d="M360 860 V360 a440 440 0 0 1 880 0 V860 Z" fill="${C.cream}"/>
<path d="M420 860 V380 a380 380 0 0 1 760 0 V860 Z" fill="${C.sky}"/>
<path d="M800 0 V860 M420 520 H1180" stroke="${C.cream}" stroke-width="18"/>
<path d="M420 860 Q600 700 760 760 Q900 810 1180 700 V860 Z" fill="${C.sage}" opacity="0.5"/>
<circle cx="1010" cy="300" r="60" fill="${C.butter}"/>
<rect y="860" width="1600" height="340" fill="${C.sand}"/>
<path d="M180 900 L1420 900 L1500 1200 L100 1200 Z" fill="${C.oat}"/>
<path d="M180 900 L1420 900 L1430 930 L170 930 Z" fill="${C.oatDark}" opacity="0.6"/>
${Array.from({ length: 6 }, (_, i) => `<line x1="${300 + i * 200}" y1="930" x2="${250 + i * 220}" y2="1200" stroke="${C.oatDark}" stroke-width="3" opacity="0.5"/>`).join('')}
<path d="M420 930 L1260 930 L1330 1200 L370 1200 Z" fill="${C.bone}"/>
<path d="M462 930 L480 1200 M1218 930 L1282 1200" stroke="${C.rust}" stroke-width="10" opacity="0.8"/>
<path d="M484 930 L503 1200 M1196 930 L1258 1200" stroke="${C.rust}" stroke-width="4" opacity="0.8"/>
${shadow(560, 1010, 170, 20, 0.16)}
<g transform="translate(-40 0)">
  <path d="M720 760 q110 -8 110 90 q0 96 -110 96" fill="none" stroke="${C.mossDark}" stroke-width="44" stroke-linecap="round"/>
  <path d="M720 760 q110 -8 110 90 q0 96 -110 96" fill="none" stroke="${C.moss}" stroke-width="30" stroke-linecap="round"/>
  <path d="M470 680 L470 960 Q470 1010 520 1010 L680 1010 Q730 1010 730 960 L730 680 Z" fill="${C.buff}"/>
  <path d="M470 680 L730 680 L730 880 Q690 905 650 880 Q600 850 560 885 Q520 915 470 885 Z" fill="${C.moss}"/>
  <ellipse cx="600" cy="680" rx="130" ry="30" fill="${C.mossDark}"/>
  <ellipse cx="600" cy="685" rx="114" ry="22" fill="#3b2a1f" opacity="0.55"/>
  <path d="M560 600 q-24 -40 0 -80 q24 -40 0 -80 M640 600 q-24 -40 0 -80 q24 -40 0 -80" fill="none" stroke="${C.white}" stroke-width="9" stroke-linecap="round" opacity="0.7"/>
</g>
${shadow(900, 1000, 90, 14, 0.16)}
${sprig(900, 760, 320, -40, C.forest, 16)}
<path d="M880 760 L880 800 Q820 830 820 900 Q820 1000 900 1000 Q980 1000 980 900 Q980 830 920 800 L920 760 Z" fill="${C.celadon}"/>
<path d="M920 800 Q980 830 980 900 Q980 1000 900 1000 Q950 960 948 900 Q946 840 910 800 Z" fill="${C.celadonDark}"/>
<rect x="872" y="748" width="56" height="18" rx="8" fill="${C.celadonDark}"/>
${shadow(1170, 1030, 140, 18, 0.16)}
<ellipse cx="1170" cy="1020" rx="140" ry="28" fill="${C.paper}"/>
<circle cx="1170" cy="640" r="90" fill="${C.flame}" opacity="0.18"/>
<path d="M1080 740 L1080 1000 Q1170 1024 1260 1000 L1260 740 Z" fill="${C.honey}"/>
<path d="M1200 740 L1260 740 L1260 1000 Q1236 1008 1200 1012 Z" fill="${C.honeyDark}" opacity="0.7"/>
<ellipse cx="1170" cy="740" rx="90" ry="20" fill="${C.honeyDark}"/>
<path d="M1170 740 L1170 700" stroke="${C.ink}" stroke-width="5" stroke-linecap="round"/>
<path d="M1170 590 Q1202 645 1190 676 Q1182 698 1170 698 Q1158 698 1150 676 Q1138 645 1170 590 Z" fill="${C.flame}"/>
<path d="M1170 630 Q1184 660 1178 678 Q1174 688 1170 688 Q1166 688 1162 678 Q1156 660 1170 630 Z" fill="${C.flameCore}"/>`,
    ),
  );

const journalKiln = () => {
  const rand = seeded(21);
  const pots = [];
  for (let shelf = 0; shelf < 3; shelf++) {
    const y = 470 + shelf * 170;
    for (let i = 0; i < 6; i++) {
      const x = 560 + i * 85;
      const h = 70 + Math.round(rand() * 50);
      const colors = [C.moss, C.inkBlue, C.bone, C.clay, C.celadon, C.honey];
      const col = colors[Math.floor(rand() * colors.length)];
      pots.push(
        `<path d="M${x} ${y} L${x} ${y - h + 10} Q${x} ${y - h} ${x + 10} ${y - h} L${x + 50} ${y - h} Q${x + 60} ${y - h} ${x + 60} ${y - h + 10} L${x + 60} ${y} Z" fill="${col}"/>`,
      );
    }
  }
  return write(
    'journal-kiln.svg',
    svg(
      1600,
      1000,
      'An open kiln packed with shelves of glazed pots',
      `<rect width="1600" height="1000" fill="${C.sand}"/>
<circle cx="800" cy="520" r="420" fill="${C.flame}" opacity="0.16"/>
<rect y="860" width="1600" height="140" fill="${C.oatDark}" opacity="0.5"/>
${shadow(800, 880, 420, 26, 0.16)}
<rect x="460" y="220" width="680" height="650" rx="30" fill="${C.slate}"/>
<rect x="500" y="260" width="600" height="570" rx="16" fill="#33302c"/>
<rect x="500" y="260" width="600" height="570" rx="16" fill="${C.flame}" opacity="0.22"/>
${[0, 1, 2].map((s) => `<rect x="520" y="${470 + s * 170}" width="560" height="14" fill="#cfc4b4"/>`).join('')}
${pots.join('')}
<rect x="460" y="150" width="680" height="90" rx="20" fill="${C.slateDark}"/>
<circle cx="1080" cy="195" r="18" fill="${C.rust}"/>
<rect x="520" y="180" width="200" height="30" rx="6" fill="${C.paper}"/>
<text x="620" y="202" font-family="${FONT}" font-size="18" letter-spacing="3" text-anchor="middle" fill="${C.slateDark}">CONE 6</text>`,
    ),
  );
};

const journalLinen = () =>
  write(
    'journal-linen.svg',
    svg(
      1600,
      1000,
      'Linen shirts and tea towels drying on a line in a garden',
      `<rect width="1600" height="1000" fill="${C.sky}"/>
<circle cx="1300" cy="200" r="90" fill="${C.butter}"/>
<path d="M0 780 Q400 660 800 740 Q1200 820 1600 700 V1000 H0 Z" fill="${C.sage}"/>
<path d="M0 860 Q500 780 900 850 Q1300 910 1600 820 V1000 H0 Z" fill="${C.sageDark}"/>
<line x1="120" y1="180" x2="120" y2="900" stroke="${C.walnut}" stroke-width="18"/>
<line x1="1480" y1="180" x2="1480" y2="900" stroke="${C.walnut}" stroke-width="18"/>
<path d="M120 230 Q800 330 1480 230" fill="none" stroke="${C.ink}" stroke-width="4"/>
<g transform="translate(250 262) scale(0.42)">
  <path d="M515 330 L372 382 Q300 470 236 612 L356 676 L402 600 L402 1150 Q600 1178 798 1150 L798 600 L844 676 L964 612 Q900 470 828 382 L685 330 Q600 372 515 330 Z" transform="translate(-600 -330)" fill="${C.oat}"/>
</g>
<g transform="translate(560 284) scale(0.42)">
  <path d="M515 330 L372 382 Q300 470 236 612 L356 676 L402 600 L402 1150 Q600 1178 798 1150 L798 600 L844 676 L964 612 Q900 470 828 382 L685 330 Q600 372 515 330 Z" transform="translate(-600 -330)" fill="${C.sage}" stroke="${C.sageDark}" stroke-width="6"/>
</g>
<rect x="760" y="290" width="170" height="300" fill="${C.bone}"/>
<rect x="760" y="330" width="170" height="14" fill="${C.rust}"/><rect x="760" y="540" width="170" height="14" fill="${C.rust}"/>
<rect x="960" y="286" width="170" height="300" fill="${C.oat}"/>
<rect x="960" y="326" width="170" height="14" fill="${C.indigo}"/><rect x="960" y="536" width="170" height="14" fill="${C.indigo}"/>
<path d="M1170 278 L1390 262 L1380 560 Q1280 580 1180 560 Z" fill="${C.clay}"/>
${[250, 470, 560, 780, 860, 980, 1100, 1200, 1370].map((x) => `<rect x="${x - 6}" y="${x < 700 ? 250 : 262}" width="12" height="34" rx="3" fill="${C.walnutLight}"/>`).join('')}`,
    ),
  );

const journalApiary = () => {
  const hive = (x, y, col) => `
<g>
  ${shadow(x + 110, y + 330, 140, 16, 0.14)}
  <rect x="${x + 20}" y="${y + 280}" width="20" height="50" fill="${C.walnutDark}"/>
  <rect x="${x + 180}" y="${y + 280}" width="20" height="50" fill="${C.walnutDark}"/>
  <rect x="${x}" y="${y + 180}" width="220" height="100" fill="${col}"/>
  <rect x="${x}" y="${y + 80}" width="220" height="100" fill="${col}"/>
  <rect x="${x}" y="${y + 176}" width="220" height="8" fill="#000" opacity="0.12"/>
  <path d="M${x - 20} ${y + 80} L${x + 110} ${y + 20} L${x + 240} ${y + 80} Z" fill="${C.slate}"/>
  <rect x="${x + 80}" y="${y + 262}" width="60" height="12" rx="6" fill="${C.ink}"/>
</g>`;
  const bees = [
    [600, 260],
    [680, 310],
    [980, 240],
    [1120, 330],
    [820, 200],
  ]
    .map(
      ([x, y]) =>
        `<g transform="translate(${x} ${y})"><ellipse cx="-8" cy="-12" rx="10" ry="7" fill="#fff" opacity="0.8"/><ellipse cx="8" cy="-12" rx="10" ry="7" fill="#fff" opacity="0.8"/><ellipse rx="16" ry="11" fill="${C.honey}"/><path d="M-4 -10 v20 M6 -10 v20" stroke="${C.ink}" stroke-width="5"/></g>`,
    )
    .join('');
  return write(
    'journal-apiary.svg',
    svg(
      1600,
      1000,
      'Beehives on a hillside orchard with bees in the air',
      `<rect width="1600" height="1000" fill="${C.butter}"/>
<circle cx="260" cy="220" r="110" fill="${C.honey}" opacity="0.5"/>
<path d="M0 560 Q300 420 700 520 Q1100 620 1600 460 V1000 H0 Z" fill="${C.sage}"/>
<path d="M0 700 Q500 600 900 690 Q1300 770 1600 660 V1000 H0 Z" fill="${C.sageDark}"/>
${[180, 1360].map((x) => `<rect x="${x - 14}" y="470" width="28" height="220" fill="${C.walnut}"/><circle cx="${x}" cy="430" r="110" fill="${C.moss}"/><circle cx="${x - 50}" cy="400" r="12" fill="${C.rust}"/><circle cx="${x + 40}" cy="460" r="12" fill="${C.rust}"/><circle cx="${x + 20}" cy="380" r="12" fill="${C.rust}"/>`).join('')}
${hive(420, 470, C.bone)}
${hive(700, 490, C.honey)}
${hive(980, 470, C.celadon)}
${bees}`,
    ),
  );
};

const aboutStudio = () =>
  write(
    'about-studio.svg',
    svg(
      1200,
      900,
      'Inside the Juniper Row studio: a tall window, shelves of pots and a potter’s wheel',
      `<rect width="1200" height="900" fill="${C.cream}"/>
<rect x="90" y="90" width="360" height="560" rx="180" fill="${C.sky}"/>
<path d="M90 650 V270 a180 180 0 0 1 360 0 V650" fill="none" stroke="${C.walnut}" stroke-width="16"/>
<path d="M270 90 V650 M90 400 H450" stroke="${C.walnut}" stroke-width="10"/>
<path d="M96 640 Q200 540 300 580 Q380 610 444 540 V646 H96 Z" fill="${C.sage}" opacity="0.6"/>
<rect y="700" width="1200" height="200" fill="${C.sand}"/>
${[260, 420, 580].map((y) => `<rect x="560" y="${y}" width="560" height="16" fill="${C.walnut}"/>`).join('')}
${[
  [590, 260, 70, 90, C.moss],
  [680, 260, 60, 120, C.bone],
  [760, 260, 90, 70, C.inkBlue],
  [870, 260, 60, 100, C.clay],
  [950, 260, 80, 80, C.celadon],
  [1050, 260, 50, 110, C.honey],
  [590, 420, 90, 70, C.clay],
  [700, 420, 60, 110, C.celadon],
  [780, 420, 80, 90, C.bone],
  [880, 420, 70, 60, C.moss],
  [970, 420, 100, 80, C.inkBlue],
  [600, 580, 80, 100, C.bone],
  [700, 580, 100, 60, C.moss],
  [820, 580, 60, 90, C.honey],
  [900, 580, 90, 110, C.clay],
  [1010, 580, 80, 70, C.celadon],
]
  .map(
    ([x, y, w, h, col]) =>
      `<path d="M${x} ${y} L${x} ${y - h + 12} Q${x} ${y - h} ${x + 12} ${y - h} L${x + w - 12} ${y - h} Q${x + w} ${y - h} ${x + w} ${y - h + 12} L${x + w} ${y} Z" fill="${col}"/>`,
  )
  .join('')}
${shadow(360, 800, 200, 20, 0.16)}
<path d="M200 720 L520 720 L500 800 L220 800 Z" fill="${C.slate}"/>
<ellipse cx="360" cy="720" rx="170" ry="36" fill="#c7b49a"/>
<path d="M300 712 Q300 620 314 600 L406 600 Q420 620 420 712 Q360 724 300 712 Z" fill="${C.clay}"/>
<ellipse cx="360" cy="600" rx="46" ry="10" fill="${C.clayDark}"/>
<rect x="40" y="700" width="1120" height="10" fill="${C.oatDark}" opacity="0.5"/>`,
    ),
  );

const notFound = () =>
  write(
    'not-found.svg',
    svg(
      800,
      500,
      'A cracked bowl in two pieces',
      `<rect width="800" height="500" fill="${C.cream}"/>
${shadow(400, 410, 240, 18, 0.12)}
<g transform="rotate(-12 320 330)">
  <path d="M210 300 Q220 400 320 400 L330 400 L300 340 L340 300 Z" fill="${C.celadon}"/>
  <path d="M210 300 L340 300" stroke="${C.celadonDark}" stroke-width="8" stroke-linecap="round"/>
</g>
<g transform="rotate(14 480 330)">
  <path d="M360 300 L320 340 L350 400 L390 400 Q490 400 500 300 Z" fill="${C.celadon}"/>
  <path d="M390 400 Q480 396 500 300 L470 300 Q460 380 390 400 Z" fill="${C.celadonDark}"/>
  <path d="M360 300 L500 300" stroke="${C.celadonDark}" stroke-width="8" stroke-linecap="round"/>
</g>
<text x="400" y="170" font-family="${SERIF}" font-size="120" text-anchor="middle" fill="${C.forest}" opacity="0.9">404</text>`,
    ),
  );

const avatar = (file, name, skin, hair, shirt) =>
  write(
    file,
    svg(
      128,
      128,
      name,
      `<rect width="128" height="128" rx="64" fill="${C.sand}"/>
<path d="M20 128 Q24 92 64 92 Q104 92 108 128 Z" fill="${shirt}"/>
<rect x="56" y="74" width="16" height="22" rx="6" fill="${skin}"/>
<circle cx="64" cy="56" r="26" fill="${skin}"/>
${hair}`,
    ),
  );

const logoMark = () =>
  write(
    'logo-mark.svg',
    svg(
      64,
      64,
      'Juniper Row',
      `<circle cx="32" cy="32" r="30" fill="${C.forest}"/><path d="M32 12c-8 10-12 18-12 26a12 12 0 0 0 24 0c0-8-4-16-12-26z" fill="${C.cream}"/><path d="M32 22v30" stroke="${C.forest}" stroke-width="3" stroke-linecap="round"/>`,
    ),
  );

// ------------------------------------------------------------------------------------------ run

const files = [
  shirt('linen-shirt-oat.svg', 'Linen camp shirt in oat', C.cream, C.sand, C.oat, C.oatDark),
  shirt('linen-shirt-sage.svg', 'Linen camp shirt in sage', C.mist, C.cream, C.sage, C.sageDark),
  mug('mug-speckled.svg', 'Speckled stoneware mug in speckled white', C.bone, C.boneDark, C.sky, C.cream, 3),
  mug('mug-ink.svg', 'Speckled stoneware mug in ink blue', C.inkBlue, C.inkBlueDark, C.sand, C.cream, 5),
  budVases('bud-vases.svg'),
  tote('tote-natural.svg', 'Waxed canvas market tote in natural', C.canvas, C.canvasDark, C.mist, C.cream),
  tote(
    'tote-charcoal.svg',
    'Waxed canvas market tote in charcoal',
    C.charcoal,
    C.charcoalDark,
    C.blush,
    C.cream,
  ),
  candlePillar('candle-pillar.svg'),
  throwBlanket('throw-clay.svg'),
  beanie('beanie-rust.svg'),
  teaTowels('tea-towels.svg'),
  servingBoard('serving-board.svg'),
  apron('apron-indigo.svg'),
  candleClub('candle-club.svg'),
  printSet('print-set.svg'),
  workshop('workshop-wheel.svg'),
  giftCard('gift-card.svg'),
  hero(),
  journalKiln(),
  journalLinen(),
  journalApiary(),
  aboutStudio(),
  notFound(),
  avatar(
    'avatar-nell.svg',
    'Nell Okafor',
    '#8d5a3b',
    `<path d="M36 54 Q36 24 64 24 Q92 24 92 54 Q84 38 64 38 Q44 38 36 54 Z" fill="${C.ink}"/><circle cx="64" cy="22" r="14" fill="${C.ink}"/>`,
    C.rust,
  ),
  avatar(
    'avatar-theo.svg',
    'Theo Marsh',
    '#e2b99a',
    `<path d="M38 50 Q40 26 64 26 Q90 26 90 50 Q80 40 64 42 Q48 40 38 50 Z" fill="${C.walnut}"/><path d="M44 68 Q64 92 84 68 Q84 84 64 86 Q44 84 44 68 Z" fill="${C.walnut}"/>`,
    C.forest,
  ),
  logoMark(),
];

console.log(`${files.length} images written to ${mediaDir}`);
