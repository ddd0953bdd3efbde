/**
 * @generated SignedSource<<d2a792e29a1477a6886293469ccb1826>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type MistakesQuery$variables = Record<PropertyKey, never>;
export type MistakesQuery$data = {
  readonly myMistakes: ReadonlyArray<{
    readonly lastWrongSpelling: string;
    readonly timesMissed: number;
    readonly word: {
      readonly " $fragmentSpreads": FragmentRefs<"WordCard_card">;
    };
  }>;
};
export type MistakesQuery = {
  response: MistakesQuery$data;
  variables: MistakesQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "timesMissed",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "lastWrongSpelling",
  "storageKey": null
},
v2 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "text",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "partOfSpeech",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "phonetic",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "definition",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "sentences",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "pictureUrl",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "audioUrl",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "sentenceAudioUrl",
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "MistakesQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Mistake",
        "kind": "LinkedField",
        "name": "myMistakes",
        "plural": true,
        "selections": [
          (v0/*:: as any*/),
          (v1/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "WordCard",
            "kind": "LinkedField",
            "name": "word",
            "plural": false,
            "selections": [
              {
                "kind": "InlineDataFragmentSpread",
                "name": "WordCard_card",
                "selections": (v2/*:: as any*/),
                "args": null,
                "argumentDefinitions": []
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "MistakesQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Mistake",
        "kind": "LinkedField",
        "name": "myMistakes",
        "plural": true,
        "selections": [
          (v0/*:: as any*/),
          (v1/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "WordCard",
            "kind": "LinkedField",
            "name": "word",
            "plural": false,
            "selections": (v2/*:: as any*/),
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "7f1727bd31bf7d5ce3be75cfce4689b4",
    "id": null,
    "metadata": {},
    "name": "MistakesQuery",
    "operationKind": "query",
    "text": "query MistakesQuery {\n  myMistakes {\n    timesMissed\n    lastWrongSpelling\n    word {\n      ...WordCard_card\n    }\n  }\n}\n\nfragment WordCard_card on WordCard {\n  text\n  partOfSpeech\n  phonetic\n  definition\n  sentences\n  pictureUrl\n  audioUrl\n  sentenceAudioUrl\n}\n"
  }
};
})();

(node as any).hash = "fe544db438bcd8b828e653223dcfa476";

export default node;
