/**
 * Pronunciation scoring off the event loop: a fixed pool of worker threads (each holding one
 * aligner with the acoustic model loaded), a bounded queue in front of them, and a time limit per
 * recording. A full queue answers "busy, try again" at once instead of piling up work; a worker
 * that crashes or overruns its time is replaced and its job fails with a message. A worker may
 * lend part of its recording's work (the second check with room) to a worker that is idle.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ValidationError } from '../../errors.ts';
import { BusyError } from '../tts.ts';
import type { AlignedWord } from './aligner.ts';
import type { PaResult } from './result.ts';

export class ScoringBusyError extends BusyError {
  constructor() {
    super('Scoring is busy, please try again in a moment');
    this.name = 'ScoringBusyError';
  }
}

/** The recording could not be scored (bad audio, silence): the message is for the student. */
export class ScoringInputError extends ValidationError {
  constructor(message: string) {
    super(message);
    this.name = 'ScoringInputError';
  }
}

export interface ScoringJob {
  audio: Uint8Array;
  text: string;
  /** Refuse a silent recording with a message instead of scoring it 0. */
  rejectSilence?: boolean;
  /** Recorded on the Record screen, which showed these items at its pace (ScoreOptions). */
  pacedItems?: string[];
}

/**
 * Recordings that may wait per worker. A class submits together: the words are shown at the same
 * pace on every screen, so forty or fifty recordings arrive within seconds. A worker scores about
 * 1.5 to 2.5 recordings of 10 words a second, depending on the machine, so 24 waiting per worker
 * is 10 to 15 seconds of waiting at most, and a class of 48 on two cores is scored without a
 * "busy" (`npm run bench -- pa` measures it).
 */
const QUEUE_PER_WORKER = 24;

export interface ScoringPoolOptions {
  /** Worker threads (default: the number of cores, at most 4). */
  workers?: number;
  /** Jobs that may wait beyond the ones being scored (default: QUEUE_PER_WORKER per worker). */
  maxQueue?: number;
  /** Longest time for one recording, in ms (default 60 s). */
  timeoutMs?: number;
}

/** A check with room that one worker lends to another (engine.ts, `RoomAlignment`). */
export interface LentCheck {
  pcm: Float32Array<ArrayBuffer>;
  words: string[];
  index: number;
  /** The words' pronunciations where the check was lent from (G2P may have made them there). */
  pronunciations: Array<[string, string | null]>;
}

/** Messages from the pool to a worker. */
export type ToWorker =
  | { type: 'score'; id: number; audio: Uint8Array; text: string; rejectSilence?: boolean; pacedItems?: string[] }
  | { type: 'check'; id: number; check: LentCheck }
  | { type: 'checked'; id: number; segments: AlignedWord[] | null }
  | { type: 'checked'; id: number; declined: true };

/** Messages from a worker to the pool. A `check` asks for a helper; a `checked` is a helper's answer. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'scored'; id: number; result: PaResult }
  | { type: 'scored'; id: number; error: string; input: boolean }
  | { type: 'check'; id: number; check: LentCheck }
  | Extract<ToWorker, { type: 'checked' }>;

interface Pending {
  id: number;
  job: ScoringJob;
  resolve(result: PaResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded the model (it can take a lent check at once). */
  loaded: boolean;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  /** The check this worker does for another one, which waits for the answer. */
  helping: { lender: Slot; id: number } | null;
}

const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);

/**
 * Where an upload's recording is scored: this process's pool (`ScoringPool`, the default), or
 * whichever process takes scoring jobs from the shared database (PA_SCORING=jobs:
 * server/jobs/scoring.ts). Either way the caller waits for the score.
 */
export interface Scorer {
  /** Scores a recording against the target text; rejects with ScoringBusyError when full. */
  score(job: ScoringJob): Promise<PaResult>;
  /** Recordings being scored or waiting for their score here. */
  readonly load: number;
  /** True when `ahead` more recordings and then one more would be taken now (see ScoringPool). */
  hasRoom(ahead?: number): boolean;
  close(): Promise<void>;
}

export class ScoringPool implements Scorer {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  /** Worker threads. */
  readonly workers: number;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private nextId = 1;
  private closed = false;
  private lent = 0;
  /** Waiting for every worker to have its model loaded (see `ready`). */
  private readyWaiters: (() => void)[] = [];

  constructor(options: ScoringPoolOptions = {}) {
    this.workers = Math.max(1, options.workers ?? Math.min(4, availableParallelism()));
    this.maxQueue = options.maxQueue ?? this.workers * QUEUE_PER_WORKER;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** Checks with room that a worker lent to an idle one so far (see engine.ts, `rawWordScores`). */
  get lentChecks(): number {
    return this.lent;
  }

  /** Jobs being scored or waiting. */
  get load(): number {
    return this.queue.length + this.slots.filter((s) => s.current).length;
  }

  /**
   * True when `ahead` more recordings (uploads still arriving, which will each want a place)
   * and then one more would all be taken now: an upload is refused at its headers when not.
   */
  hasRoom(ahead = 0): boolean {
    if (this.closed) return false;
    const idle = this.workers - this.slots.filter((s) => s.current || s.helping).length;
    return this.queue.length + ahead < this.maxQueue + Math.max(0, idle);
  }

  /** Scores a recording against the target text; rejects with ScoringBusyError when full. */
  score(job: ScoringJob): Promise<PaResult> {
    if (this.closed) return Promise.reject(new ScoringBusyError());
    this.start();
    const busy = this.slots.filter((s) => s.current || s.helping).length;
    if (busy >= this.workers && this.queue.length >= this.maxQueue) return Promise.reject(new ScoringBusyError());
    return new Promise<PaResult>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.dispatch();
    });
  }

  /** Starts the workers now (they load the model in the background); otherwise on first use. */
  start(): void {
    while (!this.closed && this.slots.length < this.workers) this.slots.push(this.spawn());
  }

  /** Every worker has its model loaded: a recording is scored without waiting for one to load. */
  get isReady(): boolean {
    return this.slots.length === this.workers && this.slots.every((s) => s.loaded);
  }

  /** Resolves once every worker has loaded its model (`start` first, or it waits for the first use). */
  ready(): Promise<void> {
    if (this.isReady) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new ScoringBusyError());
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, new ScoringBusyError())));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const slot: Slot = { worker, current: null, timer: null, loaded: false, helping: null };
    worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'ready':
          slot.loaded = true;
          if (this.isReady) for (const resolve of this.readyWaiters.splice(0)) resolve();
          return;
        case 'scored': {
          const pending = slot.current;
          if (!pending || pending.id !== message.id) return;
          this.finish(slot);
          if ('result' in message) pending.resolve(message.result);
          else pending.reject(message.input ? new ScoringInputError(message.error) : new Error(message.error));
          this.dispatch();
          return;
        }
        case 'check':
          this.lend(slot, message);
          return;
        case 'checked': {
          const lender = slot.helping?.lender;
          if (!lender) return;
          this.finish(slot);
          if (this.slots.includes(lender)) lender.worker.postMessage(message);
          this.dispatch();
          return;
        }
      }
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot)) this.replace(slot, new Error(`scoring worker exited (${code})`));
    });
    return slot;
  }

  /**
   * A worker asks for its second check with room to run elsewhere: an idle worker with its model
   * loaded takes it, so an idle server answers a recording sooner; with none idle (a class
   * submitting), the worker is told to do it itself, and nothing waits on it.
   */
  private lend(lender: Slot, message: Extract<FromWorker, { type: 'check' }>): void {
    const helper = this.slots.find((s) => s !== lender && s.loaded && !s.current && !s.helping);
    if (!helper) {
      lender.worker.postMessage({ type: 'checked', id: message.id, declined: true } satisfies ToWorker);
      return;
    }
    helper.helping = { lender, id: message.id };
    // A helper that never answers is replaced like a stuck job, and the lender is told to do the
    // check itself, in time to finish its own job: a check is a small part of a recording's work.
    helper.timer = setTimeout(() => this.replace(helper, new Error('A lent check took too long')), this.timeoutMs / 4);
    helper.timer.unref();
    this.lent++;
    helper.worker.postMessage({ type: 'check', id: message.id, check: message.check } satisfies ToWorker, [message.check.pcm.buffer]);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current || slot.helping || !this.queue.length) continue;
      const pending = this.queue.shift()!;
      slot.current = pending;
      slot.timer = setTimeout(() => this.replace(slot, new Error('Scoring took too long')), this.timeoutMs);
      slot.timer.unref();
      slot.worker.ref();
      // An upload's recording is in shared memory (server/http/uploads.ts): the worker reads it
      // where it is. Other audio goes as a copy the worker may own.
      const shared = pending.job.audio.buffer instanceof SharedArrayBuffer;
      const audio = shared ? pending.job.audio : pending.job.audio.slice();
      const { text, rejectSilence, pacedItems } = pending.job;
      const message: ToWorker = { type: 'score', id: pending.id, audio, text, rejectSilence, pacedItems };
      slot.worker.postMessage(message, shared ? [] : [audio.buffer as ArrayBuffer]);
    }
  }

  /** The slot's job or lent check is over (answered or failed). */
  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
    slot.helping = null;
    slot.worker.unref();
  }

  /** A worker failed: its job fails, a fresh worker takes its place. */
  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    void this.retire(slot, error);
    if (!this.closed) this.slots.push(this.spawn());
    this.dispatch();
  }

  private async retire(slot: Slot, error: Error): Promise<void> {
    const pending = slot.current;
    const helping = slot.helping;
    this.finish(slot);
    pending?.reject(error);
    // A check it was doing for another worker: that worker does it itself.
    if (helping && this.slots.includes(helping.lender)) {
      helping.lender.worker.postMessage({ type: 'checked', id: helping.id, declined: true } satisfies ToWorker);
    }
    slot.worker.removeAllListeners('exit');
    await slot.worker.terminate();
  }
}
