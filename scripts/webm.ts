/**
 * Just enough WebM (Matroska/EBML) for the Listening page's sample video: read its tracks,
 * duration and blocks (to check what was recorded), and write the Duration that a browser's
 * MediaRecorder leaves out (without it a <video> shows no length and cannot seek well).
 */

const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  audio: 0xe1,
  channels: 0x9f,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  seekHead: 0x114d9b74,
  cues: 0x1c53bb6b,
} as const;

/** Children of a Segment: where an element of unknown size ends. */
const LEVEL1 = new Set<number>([ID.seekHead, ID.info, ID.tracks, ID.cluster, ID.cues, 0x1043a770, 0x1941a469, 0x1254c367]);

type Element = { id: number; start: number; dataStart: number; end: number; unknownSize: boolean };

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; allOnes: boolean } {
  const first = bytes[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error(`bad EBML number at byte ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = (first & (0xff >> length)) === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, allOnes };
}

function readElement(bytes: Uint8Array, at: number, parentEnd: number): Element {
  const id = readVint(bytes, at, true);
  const size = readVint(bytes, at + id.length, false);
  const dataStart = at + id.length + size.length;
  return { id: id.value, start: at, dataStart, end: size.allOnes ? parentEnd : Math.min(dataStart + size.value, parentEnd), unknownSize: size.allOnes };
}

/** The children of [from, to); an unknown-size child ends where the next level-1 element starts. */
function children(bytes: Uint8Array, from: number, to: number): Element[] {
  const out: Element[] = [];
  let at = from;
  while (at < to) {
    const element = readElement(bytes, at, to);
    // A Segment of unknown size runs to the end; a Cluster of unknown size, to the next Cluster.
    if (element.unknownSize && element.id !== ID.segment) {
      let next = element.dataStart;
      while (next < to) {
        const child = readElement(bytes, next, to);
        if (LEVEL1.has(child.id)) break;
        next = child.end;
      }
      element.end = next;
    }
    out.push(element);
    at = element.end;
  }
  return out;
}

const uint = (bytes: Uint8Array, e: Element) => bytes.subarray(e.dataStart, e.end).reduce((v, b) => v * 256 + b, 0);
const float = (bytes: Uint8Array, e: Element) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset + e.dataStart, e.end - e.dataStart);
  return e.end - e.dataStart === 4 ? view.getFloat32(0) : view.getFloat64(0);
};

export type WebmTrack = { number: number; type: 'video' | 'audio' | 'other'; codec: string; width?: number; height?: number; channels?: number };
export type WebmSummary = {
  /** From the Duration element, in milliseconds; null when the file has none. */
  durationMs: number | null;
  tracks: WebmTrack[];
  /** Per track number: how many blocks, their bytes, and the time of the first and last one (ms). */
  blocks: Map<number, { count: number; bytes: number; firstMs: number; lastMs: number }>;
};

function segmentOf(bytes: Uint8Array): Element {
  const segment = children(bytes, 0, bytes.length).find((e) => e.id === ID.segment);
  if (!segment) throw new Error('not a WebM file: no Segment');
  return segment;
}

export function readWebm(bytes: Uint8Array): WebmSummary {
  const segment = segmentOf(bytes);
  const level1 = children(bytes, segment.dataStart, segment.end);
  const info = level1.find((e) => e.id === ID.info);
  const infoChildren = info ? children(bytes, info.dataStart, info.end) : [];
  const scaleElement = infoChildren.find((e) => e.id === ID.timecodeScale);
  const scaleMs = (scaleElement ? uint(bytes, scaleElement) : 1_000_000) / 1_000_000;
  const durationElement = infoChildren.find((e) => e.id === ID.duration);
  const tracks: WebmTrack[] = [];
  for (const list of level1.filter((e) => e.id === ID.tracks)) {
    for (const entry of children(bytes, list.dataStart, list.end).filter((e) => e.id === ID.trackEntry)) {
      const fields = children(bytes, entry.dataStart, entry.end);
      const get = (id: number) => fields.find((f) => f.id === id);
      const type = uint(bytes, get(ID.trackType)!);
      const track: WebmTrack = {
        number: uint(bytes, get(ID.trackNumber)!),
        type: type === 1 ? 'video' : type === 2 ? 'audio' : 'other',
        codec: new TextDecoder().decode(bytes.subarray(get(ID.codecId)!.dataStart, get(ID.codecId)!.end)),
      };
      const video = get(ID.video);
      if (video) {
        const v = children(bytes, video.dataStart, video.end);
        track.width = uint(
          bytes,
          v.find((f) => f.id === ID.pixelWidth)!,
        );
        track.height = uint(
          bytes,
          v.find((f) => f.id === ID.pixelHeight)!,
        );
      }
      const audio = get(ID.audio);
      const channels = audio && children(bytes, audio.dataStart, audio.end).find((f) => f.id === ID.channels);
      if (channels) track.channels = uint(bytes, channels);
      tracks.push(track);
    }
  }
  const blocks: WebmSummary['blocks'] = new Map();
  for (const cluster of level1.filter((e) => e.id === ID.cluster)) {
    const parts = children(bytes, cluster.dataStart, cluster.end);
    const clusterTime = uint(
      bytes,
      parts.find((p) => p.id === ID.timecode)!,
    );
    const blockElements = parts.flatMap((p) =>
      p.id === ID.simpleBlock ? [p] : p.id === ID.blockGroup ? children(bytes, p.dataStart, p.end).filter((c) => c.id === ID.block) : [],
    );
    for (const block of blockElements) {
      const track = readVint(bytes, block.dataStart, false);
      const relative = new DataView(bytes.buffer, bytes.byteOffset + block.dataStart + track.length, 2).getInt16(0);
      const ms = (clusterTime + relative) * scaleMs;
      const entry = blocks.get(track.value) ?? { count: 0, bytes: 0, firstMs: ms, lastMs: ms };
      entry.count++;
      entry.bytes += block.end - block.dataStart - track.length - 3;
      entry.firstMs = Math.min(entry.firstMs, ms);
      entry.lastMs = Math.max(entry.lastMs, ms);
      blocks.set(track.value, entry);
    }
  }
  return { durationMs: durationElement ? float(bytes, durationElement) * scaleMs : null, tracks, blocks };
}

/** The file with a Duration element in its Info (replacing one that is there). */
export function withDuration(bytes: Uint8Array, durationMs: number): Uint8Array {
  const segment = segmentOf(bytes);
  const level1 = children(bytes, segment.dataStart, segment.end);
  // A SeekHead holds byte offsets that growing the Info would break; MediaRecorder writes none.
  if (level1.some((e) => e.id === ID.seekHead)) throw new Error('this WebM has a SeekHead; not supported');
  const info = level1.find((e) => e.id === ID.info);
  if (!info) throw new Error('this WebM has no Info');
  const infoChildren = children(bytes, info.dataStart, info.end);
  const scaleElement = infoChildren.find((e) => e.id === ID.timecodeScale);
  const scaleMs = (scaleElement ? uint(bytes, scaleElement) : 1_000_000) / 1_000_000;
  const kept = infoChildren.filter((e) => e.id !== ID.duration).map((e) => bytes.subarray(e.start, e.end));
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, durationMs / scaleMs);
  const body = concat([...kept, duration]);
  // The Info's size as an 8-byte EBML number, then its id.
  const size = new Uint8Array(8);
  size[0] = 0x01;
  let rest = body.length;
  for (let i = 7; i >= 1; i--) {
    size[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return concat([bytes.subarray(0, info.start), new Uint8Array([0x15, 0x49, 0xa9, 0x66]), size, body, bytes.subarray(info.end)]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
