"""Trains the neural phone model of the pronunciation engine (docs/pa-experiments.md, session 23).

    /usr/bin/python3 scripts/pa/phone_net.py PREFIX [PREFIX...] --out DIR [--fold F --folds K] [--epochs N]

Reads what scripts/pa/nn-gather.ts wrote (PREFIX.jsonl + PREFIX.f32: log-mel frames of each training
recording's speech span and a phone label per frame from the forced alignment to its own text;
and, from a prefix gathered with --synth, the project's synthesized voices reading training texts,
records marked "synth", which train every network and are never held out nor given GOPs) and
trains an MLP over an 11-frame window (the frame and 5 either side) to classify the frame's phone
(39 ARPAbet phones + silence). With --fold F, the speakers of fold F (speakers sorted, every K-th, as
scripts/pa/calibrate.ts's speakerFolds splits them) are left out of training.

Writes DIR/net.json (weights as the engine loads them: server/speech/pa/phone-net.ts) and
DIR/gop.jsonl: per recording, per word of its own text and of each substitution trial, each phone's
DNN-GOP (mean over its frames of log posterior of the phone minus the frame's max log posterior).
Uses one thread (the machine is shared).

Experiments (the defaults train the shipped network): --paced-sil-keep F keeps only a fraction F of
the paced word lists' silence frames; --learner-weight W weighs a learner's frame W times a
synthesized one's in the loss (session 29); --context N and --stride S take N frames either side, S
frames apart (session 30; the shipped network: 5 and 1); --seed N seeds the initialisation and
the batch order (default 0, the shipped networks').
"""
import argparse, base64, json, sys, time
import numpy as np
import torch

torch.set_num_threads(1)

MELS = 40
CONTEXT = 5
CLASSES = "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH SIL".split()
CLASS = {p: i for i, p in enumerate(CLASSES)}

ap = argparse.ArgumentParser()
ap.add_argument("prefixes", nargs="+")
ap.add_argument("--out", required=True)
ap.add_argument("--fold", type=int, default=-1)
ap.add_argument("--folds", type=int, default=4)
ap.add_argument("--epochs", type=int, default=4)
ap.add_argument("--hidden", type=int, default=128)
ap.add_argument("--context", type=int, default=CONTEXT, help="taps either side of the frame")
ap.add_argument("--stride", type=int, default=1, help="frames between the window's taps")
ap.add_argument("--paced-sil-keep", type=float, default=1.0,
                help="fraction of the silence frames of the paced word lists (records synth-paced-*) kept for training")
ap.add_argument("--learner-weight", type=float, default=1.0,
                help="weight of a learner's frame in the loss, against 1 for a synthesized one")
ap.add_argument("--seed", type=int, default=0,
                help="seed of the weights' initialisation and the batch order (session 36: a third ensemble member)")
args = ap.parse_args()
torch.manual_seed(args.seed)
np.random.seed(args.seed)

recs, feats = [], []
base = 0
for prefix in args.prefixes:
    data = np.fromfile(prefix + ".f32", dtype=np.float32).reshape(-1, MELS)
    for line in open(prefix + ".jsonl"):
        r = json.loads(line)
        r["off"] += base
        recs.append(r)
    feats.append(data)
    base += len(data)
X = np.concatenate(feats)
recs.sort(key=lambda r: r["i"])
# Synthesized speech (nn-gather.ts --synth, session 24) trains every network and is never held out:
# the folds are the learners' speakers only, as calibrate.ts splits them.
learners = [r for r in recs if not r.get("synth")]
synth = [r for r in recs if r.get("synth")]
speakers = sorted({r["speaker"] for r in learners})
fold_of = {s: i % args.folds for i, s in enumerate(speakers)}
train = [r for r in learners if r["n"] and fold_of[r["speaker"]] != args.fold] + [r for r in synth if r["n"]]
held = [r for r in learners if r["n"] and fold_of[r["speaker"]] == args.fold]

# Frame index of each frame's window neighbours, clamped to its recording.
def windows(rs):
    centre, lo, hi, labels = [], [], [], []
    for r in rs:
        n, off = r["n"], r["off"]
        centre.append(np.arange(off, off + n))
        lo.append(np.full(n, off))
        hi.append(np.full(n, off + n - 1))
        labels.append(np.frombuffer(base64.b64decode(r["lab"]), dtype=np.uint8))
    return np.concatenate(centre), np.concatenate(lo), np.concatenate(hi), np.concatenate(labels).astype(np.int64)

tc, tlo, thi, ty = windows(train)
learner_frame = np.concatenate([np.full(r["n"], not r.get("synth")) for r in train])
if args.paced_sil_keep < 1:
    # Session 29: the paced lists' pauses are 74% of their frames; keep only a fraction of them
    # (drawn from their own generator, so that the default run stays the shipped one, bit for bit).
    paced = np.concatenate([np.full(r["n"], r["id"].startswith("synth-paced-")) for r in train])
    # One draw per gathered frame, so that every network (all, each fold) leaves out the same frames.
    drop = paced & (ty == CLASS["SIL"]) & (np.random.RandomState(29).random_sample(len(X))[tc] >= args.paced_sil_keep)
    print(f"paced lists: {paced.sum()} frames, {drop.sum()} of their silence frames left out", flush=True)
    tc, tlo, thi, ty, learner_frame = tc[~drop], tlo[~drop], thi[~drop], ty[~drop], learner_frame[~drop]
# Per-frame loss weights (session 29): the learners' frames against the synthesized ones.
tw = torch.from_numpy(np.where(learner_frame, args.learner_weight, 1.0).astype(np.float32)) if args.learner_weight != 1 else None
mean = X[tc].mean(0)
std = X[tc].std(0) + 1e-5
Xn = torch.from_numpy((X - mean) / std)
offsets = np.arange(-args.context, args.context + 1) * args.stride

def batch(c, lo, hi):
    idx = np.clip(c[:, None] + offsets[None, :], lo[:, None], hi[:, None])
    return Xn[torch.from_numpy(idx)].reshape(len(c), -1)

H = args.hidden
net = torch.nn.Sequential(
    torch.nn.Linear(MELS * (2 * args.context + 1), H), torch.nn.ReLU(),
    torch.nn.Linear(H, H), torch.nn.ReLU(),
    torch.nn.Linear(H, len(CLASSES)),
)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
steps = args.epochs * ((len(tc) + 511) // 512)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=steps)
lossf = torch.nn.CrossEntropyLoss()
t0 = time.time()
print(f"fold {args.fold}: {len(train)} recordings ({sum(1 for r in train if r.get('synth'))} synthesized), {len(tc)} frames for training, {len(held)} held out", flush=True)

def accuracy(rs):
    if not rs:
        return float("nan")
    c, lo, hi, y = windows(rs)
    net.eval()
    right = 0
    with torch.no_grad():
        for s in range(0, len(c), 8192):
            right += (net(batch(c[s:s+8192], lo[s:s+8192], hi[s:s+8192])).argmax(1).numpy() == y[s:s+8192]).sum()
    net.train()
    return right / len(c)

for epoch in range(args.epochs):
    perm = np.random.permutation(len(tc))
    total = 0.0
    for s in range(0, len(perm), 512):
        b = perm[s:s+512]
        x = batch(tc[b], tlo[b], thi[b])
        x = x + 0.05 * torch.randn_like(x)
        if tw is None:
            loss = lossf(net(x), torch.from_numpy(ty[b]))
        else:
            w = tw[torch.from_numpy(b)]
            loss = (torch.nn.functional.cross_entropy(net(x), torch.from_numpy(ty[b]), reduction="none") * w).sum() / w.sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        total += loss.item() * len(b)
    print(f"fold {args.fold} epoch {epoch}: loss {total/len(perm):.3f}, held-out frame accuracy {accuracy(held):.3f} ({time.time()-t0:.0f} s)", flush=True)

net.eval()
layers = [m for m in net if isinstance(m, torch.nn.Linear)]
import os
os.makedirs(args.out, exist_ok=True)
r4 = lambda a: [float(f"{v:.5g}") for v in a]
json.dump({
    "classes": CLASSES, "context": args.context, **({"stride": args.stride} if args.stride != 1 else {}), "mels": MELS,
    "mean": r4(mean), "std": r4(std),
    "layers": [{"rows": l.out_features, "cols": l.in_features, "w": r4(l.weight.detach().numpy().ravel()), "b": r4(l.bias.detach().numpy())} for l in layers],
}, open(os.path.join(args.out, "net.json"), "w"))

# DNN-GOP of every phone of every word (own text and trials) of every recording.
with torch.no_grad(), open(os.path.join(args.out, "gop.jsonl"), "w") as out:
    for r in learners:
        if not r["n"]:
            out.write(json.dumps({"id": r["id"], "own": None, "trials": [None for _ in r["trials"]]}) + "\n")
            continue
        n, off = r["n"], r["off"]
        c = np.arange(off, off + n)
        lp = torch.log_softmax(net(batch(c, np.full(n, off), np.full(n, off + n - 1))), 1).numpy()
        gap = lp - lp.max(1, keepdims=True)
        def word(w):
            vals = []
            for (phone, _), (start, frames) in zip(w["p"], w["s"]):
                k = CLASS.get(phone, CLASS["SIL"])
                seg = gap[max(0, start):min(n, start + frames), k]
                vals.append(round(float(seg.mean()), 3) if len(seg) else -10.0)
            return vals
        out.write(json.dumps({"id": r["id"], "own": [word(w) for w in r["own"]] if r["own"] else None,
                              "trials": [[word(w) for w in t["words"]] for t in r["trials"]]}) + "\n")
print(f"fold {args.fold}: written to {args.out} ({time.time()-t0:.0f} s)", flush=True)
