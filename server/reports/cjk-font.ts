/**
 * Noto Sans SC for the PDF reports, so Chinese labels and Chinese class or student names print
 * (the 14 standard PDF fonts have no Chinese). The font ships on npm as
 * `@fontsource-variable/noto-sans-sc`: about 100 WOFF2 slices split by unicode range (4.6 MB in
 * all), each a variable font (weights 100–900, default Thin). A report loads only the slices its
 * text needs, decompressed to TrueType once per process (`wawoff2`) and instanced at Regular and
 * Bold (fontkit); pdfkit then embeds only the glyphs it draws, so a report stays small.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const require = createRequire(import.meta.url);

export type Weight = 400 | 700;

/** The few fontkit calls used here (fontkit ships no types). */
type GlyphPath = { commands: { command: string; args: number[] }[] };
type Glyph = {
  path: GlyphPath;
  advanceWidth: number;
  _decode(): { numberOfContours: number; instructions?: number[] } | null;
  _getMetrics(): { leftBearing: number };
};
type GlyphRun = { glyphs: unknown[]; positions: Record<string, number>[] };
type Subset = {
  glyphEncoder: { encodeSimple(path: GlyphPath, instructions?: number[]): Uint8Array };
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(gid: number): number;
  /** The glyph ids drawn, in the order of first use. */
  glyphs: number[];
  encode(): Uint8Array;
};
type FontkitFont = {
  postscriptName: string;
  getVariation(settings: { wght: number }): FontkitFont;
  getGlyph(gid: number): Glyph;
  layout(text: string, features?: unknown): GlyphRun;
  createSubset(): Subset;
};
const fontkit = require('fontkit') as { create(buffer: Buffer): FontkitFont };
/** WOFF2 → TrueType (WASM), loaded on the first report. */
const decompressWoff2 = (woff2: Uint8Array) => (require('wawoff2/decompress.js') as (woff2: Uint8Array) => Promise<Uint8Array>)(woff2);

const PACKAGE_DIR = path.dirname(require.resolve('@fontsource-variable/noto-sans-sc/package.json'));
/**
 * Noto Sans SC has almost no IPA (a pronunciation report's weak sounds: /ʌ/, /θ/, /ŋ/…): those
 * come from Noto Sans, whose static Regular and Bold files (`@fontsource/noto-sans`) hold them.
 */
const IPA_PACKAGE_DIR = path.dirname(require.resolve('@fontsource/noto-sans/package.json'));
const IPA_SLICES: (Slice & { file: string })[] = [
  {
    name: 'ipa',
    file: 'latin-ext',
    ranges: [
      [0x14b, 0x14b],
      [0x250, 0x2ff],
    ],
  },
  { name: 'ipa-greek', file: 'greek', ranges: [[0x370, 0x3ff]] },
];
const ipaSlice = (name: string) => IPA_SLICES.find((s) => s.name === name);

type Slice = { name: string; ranges: [number, number][] };

/** The slices in the order they are tried: Latin first, so English text stays in one slice. */
const SLICES: Slice[] = (() => {
  const unicode = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'unicode.json'), 'utf8')) as Record<string, string>;
  const slices = Object.entries(unicode).map(([key, ranges]) => ({
    name: key.replace(/^\[(\d+)\]$/, '$1'),
    ranges: ranges.split(',').map((r) => {
      const [from, to] = r.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as [number, number];
    }),
  }));
  const rank = (s: Slice) => (s.name === 'latin' ? 0 : s.name === 'latin-ext' ? 1 : /^\d+$/.test(s.name) ? 1000 - Number(s.name) : 2);
  return slices.sort((a, b) => rank(a) - rank(b));
})();

const sliceOfCodePoint = new Map<number, string>();
/** The slice whose unicode range holds the character; Latin for anything the font lacks. */
function sliceFor(cp: number): string {
  let name = sliceOfCodePoint.get(cp);
  if (name === undefined) {
    const covers = (s: Slice) => s.ranges.some(([a, b]) => cp >= a && cp <= b);
    name = IPA_SLICES.find(covers)?.name ?? SLICES.find(covers)?.name ?? 'latin';
    sliceOfCodePoint.set(cp, name);
  }
  return name;
}

/** Splits text into runs that one slice can draw. */
export function runsOf(text: string): { slice: string; text: string }[] {
  const runs: { slice: string; text: string }[] = [];
  for (const ch of text) {
    // Every character from the slice that has it: the Chinese slices lack even the space.
    const slice = sliceFor(ch.codePointAt(0)!);
    const last = runs.at(-1);
    if (last?.slice === slice) last.text += ch;
    else runs.push({ slice, text: ch });
  }
  return runs;
}

/** The WOFF2 file of a slice (one variable file; the IPA slices have one static file a weight). */
const sliceFile = (slice: string, weight: Weight = 400) => {
  const ipa = ipaSlice(slice);
  return ipa
    ? path.join(IPA_PACKAGE_DIR, 'files', `noto-sans-${ipa.file}-${weight}-normal.woff2`)
    : path.join(PACKAGE_DIR, 'files', `noto-sans-sc-${slice}-wght-normal.woff2`);
};

/** The slices that draw `text`, with their files and CSS unicode-ranges (for a browser's FontFace). */
export function fontSlicesFor(text: string): { slice: string; file: string; unicodeRange: string }[] {
  const names = new Set(runsOf(text).map((r) => r.slice));
  return SLICES.filter((s) => names.has(s.name)).map((s) => ({
    slice: s.name,
    file: sliceFile(s.name),
    unicodeRange: s.ranges.map(([a, b]) => (a === b ? `U+${a.toString(16)}` : `U+${a.toString(16)}-${b.toString(16)}`)).join(','),
  }));
}

const ttfs = new Map<string, Promise<Buffer>>();
const instances = new Map<string, FontkitFont>();

function loadFile(file: string): Promise<Buffer> {
  let ttf = ttfs.get(file);
  if (!ttf) {
    ttf = decompressWoff2(readFileSync(file)).then((bytes) => Buffer.from(bytes));
    ttf.catch(() => ttfs.delete(file));
    ttfs.set(file, ttf);
  }
  return ttf;
}

/** The PDF font name of a slice at a weight (one embedded subset font each). */
export const fontName = (slice: string, weight: Weight) => `NotoSansSC-${weight === 700 ? 'Bold' : 'Regular'}-${slice}`;

/**
 * Loads what `texts` need and returns the fonts to register with pdfkit, by name. Each instance
 * gets its own PostScript name: pdfkit would otherwise take the Regular and Bold instances of
 * one slice (same file, same name) for the same font.
 */
export async function fontsFor(texts: string[], weights: Weight[] = [400, 700]): Promise<Map<string, FontkitFont>> {
  const slices = new Set(texts.flatMap((t) => runsOf(t).map((r) => r.slice)));
  const out = new Map<string, FontkitFont>();
  for (const slice of slices) {
    for (const weight of weights) {
      const name = fontName(slice, weight);
      let font = instances.get(name);
      if (!font && ipaSlice(slice)) {
        // A static font: its own file at this weight, no variation to instance.
        font = fontkit.create(await loadFile(sliceFile(slice, weight)));
        Object.defineProperty(font, 'postscriptName', { value: name });
        instances.set(name, font);
      }
      if (!font) {
        const ttf = await loadFile(sliceFile(slice));
        const instance = fontkit.create(ttf).getVariation({ wght: weight });
        Object.defineProperty(instance, 'postscriptName', { value: name });
        // fontkit 2.0.4 cannot write the outlines of a variable-font instance (foliojs/fontkit#308:
        // its glyph encoder hands a length where a buffer is due); ours writes them instead.
        const createSubset = instance.createSubset.bind(instance);
        const addGlyph = glyphsOnce(instance);
        const encodeOnce = subsetsOnce();
        instance.createSubset = () => {
          const subset = createSubset();
          subset.glyphEncoder = { encodeSimple: encodeSimpleGlyph };
          const own = subset._addGlyph.bind(subset);
          subset._addGlyph = (gid) => addGlyph(subset, gid) ?? own(gid);
          encodeOnce(subset);
          return subset;
        };
        layoutsOnce(instance);
        font = instance;
        instances.set(name, font);
      }
      out.set(name, font);
    }
  }
  return out;
}

/**
 * A report's subset font, glyph by glyph, from outlines decoded and written once per process:
 * fontkit decodes a glyph, applies the variation and (through `encodeSimpleGlyph`) writes its
 * outline again for every document, the largest part of a report's CPU. Returns undefined for
 * a compound glyph, which fontkit's own code subsets (it renumbers the components per subset).
 */
function glyphsOnce(font: FontkitFont): (subset: Subset, gid: number) => number | undefined {
  const written = new Map<number, { glyf: Uint8Array; advance: number; bearing: number } | null>();
  return (subset, gid) => {
    let glyph = written.get(gid);
    if (glyph === undefined) {
      const g = font.getGlyph(gid);
      const decoded = g._decode();
      glyph =
        decoded && decoded.numberOfContours < 0
          ? null
          : {
              glyf: decoded ? encodeSimpleGlyph(g.path, decoded.instructions) : new Uint8Array(0),
              advance: g.advanceWidth,
              bearing: g._getMetrics().leftBearing,
            };
      written.set(gid, glyph);
    }
    if (!glyph) return undefined;
    subset.glyf.push(glyph.glyf);
    subset.loca.offsets.push(subset.offset);
    subset.hmtx.metrics.push({ advance: glyph.advance, bearing: glyph.bearing });
    subset.offset += glyph.glyf.length;
    return subset.glyf.length - 1;
  };
}

/** Subset fonts kept per process and font, by the glyphs they hold. */
const SUBSETS_KEPT = 500;

/**
 * A subset font written once per set of glyphs (in their order) rather than once per document:
 * the reports of one task, a class's burst, draw the same words and labels. pdfkit only reads
 * the bytes it gets (and compresses a copy), so they are shared.
 */
function subsetsOnce(): (subset: Subset) => void {
  const written = new Map<string, Uint8Array>();
  return (subset) => {
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = written.get(key);
      if (!bytes) {
        if (written.size >= SUBSETS_KEPT) written.clear();
        bytes = encode();
        written.set(key, bytes);
        deflatedFonts.set(bytes, null);
      }
      return bytes;
    };
  };
}

/** The subset fonts `subsetsOnce` keeps, each with its bytes deflated as pdfkit would (made on first use). */
const deflatedFonts = new WeakMap<Uint8Array, Uint8Array | null>();
/** ToUnicode maps (text) deflated, by their text: the same glyph set gives the same map. */
const deflatedMaps = new LRUCache<string, Uint8Array>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (bytes, text) => text.length + bytes.length });
const TO_UNICODE_MAP = '/CIDInit /ProcSet findresource begin';

/** The parts of pdfkit's stream objects (PDFReference) used below. */
type StreamRef = { compress: boolean; data: Record<string, unknown>; buffer: unknown[]; end(chunk?: string | Uint8Array): void };

/**
 * pdfkit deflates every embedded font file and its ToUnicode map anew for each document, a
 * quarter of a report's CPU. The fonts kept by `subsetsOnce` and the maps made from them are
 * deflated once per process instead and handed to pdfkit already compressed: the stream is
 * written as pdfkit writes it (`/Filter /FlateDecode`, the same bytes), only not compressed again.
 * Relies on pdfkit's `PDFReference` fields `compress`, `data` and `buffer` (pdfkit 0.20; should
 * they change, every stream is left to pdfkit as before; tests/server/reports/pdf.test.ts reads
 * the reused fonts back with poppler).
 */
export function deflateFontsOnce(doc: { ref(data?: object): unknown; compress?: boolean }): void {
  if (!doc.compress) return;
  const ref = doc.ref.bind(doc);
  doc.ref = (data?: object) => {
    const stream = ref(data) as StreamRef;
    const end = stream.end.bind(stream);
    stream.end = (chunk) => {
      const deflated = stream.compress === true && Array.isArray(stream.buffer) && stream.buffer.length === 0 && chunk ? deflatedOnce(chunk) : undefined;
      if (!deflated) return end(chunk);
      stream.compress = false;
      stream.data.Filter = 'FlateDecode';
      end(deflated);
    };
    return stream;
  };
}

function deflatedOnce(chunk: string | Uint8Array): Uint8Array | undefined {
  if (typeof chunk === 'string') {
    if (!chunk.startsWith(TO_UNICODE_MAP)) return undefined;
    let bytes = deflatedMaps.get(chunk);
    // pdfkit writes a text chunk as its char codes' low bytes, with a newline.
    if (!bytes) deflatedMaps.set(chunk, (bytes = deflateSync(Buffer.from(`${chunk}\n`, 'latin1'))));
    return bytes;
  }
  const known = deflatedFonts.get(chunk);
  if (known !== null) return known; // a font kept by subsetsOnce, already deflated (or not one of them)
  const bytes = deflateSync(chunk);
  deflatedFonts.set(chunk, bytes);
  return bytes;
}

/** Laid-out words kept per process (a report's words and labels recur), up to this many a font. */
const LAYOUTS_KEPT = 20_000;

/**
 * Shaping (fontkit's `layout`) once per text and process rather than once per document. pdfkit
 * scales the positions it gets in place, so each caller gets its own copies of them.
 */
function layoutsOnce(font: FontkitFont): void {
  const layout = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text, features) => {
    if (features !== undefined) return layout(text, features);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= LAYOUTS_KEPT) runs.clear();
      run = layout(text);
      runs.set(text, run);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(run)), run, { positions: run.positions.map((p) => ({ ...p })) });
  };
}

/**
 * A TrueType simple glyph (OpenType 'glyf') from an outline of moveTo / lineTo /
 * quadraticCurveTo / closePath, coordinates rounded to font units. Plain encoding (no flag
 * repeats), which every reader accepts.
 */
function encodeSimpleGlyph(path: GlyphPath, instructions: number[] = []): Uint8Array {
  const points: { x: number; y: number; onCurve: boolean }[] = [];
  const endPts: number[] = [];
  for (const c of path.commands) {
    if (c.command === 'closePath') {
      if (points.length && endPts.at(-1) !== points.length - 1) endPts.push(points.length - 1);
      continue;
    }
    for (let j = 0; j + 1 < c.args.length; j += 2) {
      const onCurve = !(c.command === 'quadraticCurveTo' && j === 0);
      points.push({ x: Math.round(c.args[j]!), y: Math.round(c.args[j + 1]!), onCurve });
    }
  }
  if (points.length && endPts.at(-1) !== points.length - 1) endPts.push(points.length - 1);
  const flags: number[] = [];
  const xBytes: number[] = [];
  const yBytes: number[] = [];
  const coordinate = (delta: number, out: number[], short: number, sameOrPositive: number): number => {
    if (delta === 0) return sameOrPositive;
    if (Math.abs(delta) <= 255) {
      out.push(Math.abs(delta));
      return short | (delta > 0 ? sameOrPositive : 0);
    }
    out.push((delta >> 8) & 0xff, delta & 0xff);
    return 0;
  };
  let lastX = 0;
  let lastY = 0;
  for (const p of points) {
    let flag = p.onCurve ? 0x01 : 0;
    flag |= coordinate(p.x - lastX, xBytes, 0x02, 0x10);
    flag |= coordinate(p.y - lastY, yBytes, 0x04, 0x20);
    flags.push(flag);
    lastX = p.x;
    lastY = p.y;
  }
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const size = 10 + 2 * endPts.length + 2 + instructions.length + flags.length + xBytes.length + yBytes.length;
  const bytes = new Uint8Array(size + ((4 - (size % 4)) % 4));
  const view = new DataView(bytes.buffer);
  let at = 0;
  const int16 = (v: number) => {
    view.setInt16(at, v);
    at += 2;
  };
  int16(endPts.length);
  for (const v of points.length ? [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] : [0, 0, 0, 0]) int16(v);
  for (const e of endPts) view.setUint16((at += 2) - 2, e);
  view.setUint16((at += 2) - 2, instructions.length);
  for (const list of [instructions, flags, xBytes, yBytes]) {
    bytes.set(list, at);
    at += list.length;
  }
  return bytes;
}
