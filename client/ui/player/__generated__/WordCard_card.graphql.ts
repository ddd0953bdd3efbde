/**
 * @generated SignedSource<<f8599f43665855651d9d9b259e7f1945>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderInlineDataFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type WordCard_card$data = {
  readonly audioUrl: string;
  readonly definition: string;
  readonly partOfSpeech: string;
  readonly phonetic: string;
  readonly pictureUrl: string | null | undefined;
  readonly sentenceAudioUrl: string;
  readonly sentences: ReadonlyArray<string>;
  readonly text: string;
  readonly " $fragmentType": "WordCard_card";
};
export type WordCard_card$key = {
  readonly " $data"?: WordCard_card$data;
  readonly " $fragmentSpreads": FragmentRefs<"WordCard_card">;
};

const node: ReaderInlineDataFragment = {
  "kind": "InlineDataFragment",
  "name": "WordCard_card"
};

(node as any).hash = "d40b8c499644ba6151ed2f038b473af2";

export default node;
