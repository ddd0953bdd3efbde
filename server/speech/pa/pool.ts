/**
 * Pronunciation scoring off the event loop: a fixed pool of worker threads (each holding one
 * aligner with the acoustic model loaded), a bounded queue in front of them, and a time limit per
 * recording. A full queue answers "busy, try again" at once instead of piling up work; a worker
 * that crashes or overruns its time is replaced and its job fails with a message.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ValidationError } from '../../errors.ts';
import { BusyError } from '../tts.ts';
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
}

/**
 * Recordings that may wait per worker. A class submits together: the words are shown at the same
 * pace on every screen, so forty or fifty recordings arrive within seconds. A worker scores about
 * 1.5 to 2.5 recordings of 10 words a second, depending on the machine, so 24 waiting per worker
 * is 10 to 15 seconds of waiting at most, and a class of 48 on two cores is scored without a
 * "busy" (`npm run bench -- pa` measures it).
 */
export const QUEUE_PER_WORKER = 24;

export interface ScoringPoolOptions {
  /** Worker threads (default: the number of cores, at most 4). */
  workers?: number;
  /** Jobs that may wait beyond the ones being scored (default: QUEUE_PER_WORKER per worker). */
  maxQueue?: number;
  /** Longest time for one recording, in ms (default 60 s). */
  timeoutMs?: number;
}

type Reply = { id: number; result: PaResult } | { id: number; error: string; input: boolean };

interface Pending {
  id: number;
  job: ScoringJob;
  resolve(result: PaResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
}

const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);

export class ScoringPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  /** Worker threads. */
  readonly workers: number;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private nextId = 1;
  private closed = false;

  constructor(options: ScoringPoolOptions = {}) {
    this.workers = Math.max(1, options.workers ?? Math.min(4, availableParallelism()));
    this.maxQueue = options.maxQueue ?? this.workers * QUEUE_PER_WORKER;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** Jobs being scored or waiting. */
  get load(): number {
    return this.queue.length + this.slots.filter((s) => s.current).length;
  }

  /** Scores a recording against the target text; rejects with ScoringBusyError when full. */
  score(job: ScoringJob): Promise<PaResult> {
    if (this.closed) return Promise.reject(new ScoringBusyError());
    this.start();
    const busy = this.slots.filter((s) => s.current).length;
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

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new ScoringBusyError());
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, new ScoringBusyError())));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const slot: Slot = { worker, current: null, timer: null, ready: Promise.resolve() };
    slot.ready = new Promise<void>((resolve) => {
      worker.once('message', () => resolve()); // the worker says 'ready' once the model is loaded
      worker.once('error', () => resolve());
    });
    worker.on('message', (reply: Reply | 'ready') => {
      if (reply === 'ready') return;
      const pending = slot.current;
      if (!pending || pending.id !== reply.id) return;
      this.finish(slot);
      if ('result' in reply) pending.resolve(reply.result);
      else pending.reject(reply.input ? new ScoringInputError(reply.error) : new Error(reply.error));
      this.dispatch();
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot)) this.replace(slot, new Error(`scoring worker exited (${code})`));
    });
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current || !this.queue.length) continue;
      const pending = this.queue.shift()!;
      slot.current = pending;
      slot.timer = setTimeout(() => this.replace(slot, new Error('Scoring took too long')), this.timeoutMs);
      slot.timer.unref();
      slot.worker.ref();
      const audio = pending.job.audio.slice(); // a copy the worker may own
      slot.worker.postMessage({ id: pending.id, audio, text: pending.job.text, rejectSilence: pending.job.rejectSilence }, [audio.buffer]);
    }
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
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
    this.finish(slot);
    pending?.reject(error);
    slot.worker.removeAllListeners('exit');
    await slot.worker.terminate();
  }
}
