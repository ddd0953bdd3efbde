/**
 * @generated SignedSource<<36f9ff09a006349e5e240f6a91791835>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type MistakesQuery$variables = Record<PropertyKey, never>;
export type MistakesQuery$data = {
  readonly myMistakes: ReadonlyArray<{
    readonly lastWrongSpelling: string;
    readonly timesMissed: number;
    readonly word: {
      readonly audioUrl: string;
      readonly definition: string;
      readonly partOfSpeech: string;
      readonly phonetic: string;
      readonly pictureUrl: string | null | undefined;
      readonly sentences: ReadonlyArray<string>;
      readonly text: string;
    };
  }>;
};
export type MistakesQuery = {
  response: MistakesQuery$data;
  variables: MistakesQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "Mistake",
    "kind": "LinkedField",
    "name": "myMistakes",
    "plural": true,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "timesMissed",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "lastWrongSpelling",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "WordCard",
        "kind": "LinkedField",
        "name": "word",
        "plural": false,
        "selections": [
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
          }
        ],
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "MistakesQuery",
    "selections": (v0/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "MistakesQuery",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "cacheID": "e22d21cd94a50ee8ef3dc20777b86f2f",
    "id": null,
    "metadata": {},
    "name": "MistakesQuery",
    "operationKind": "query",
    "text": "query MistakesQuery {\n  myMistakes {\n    timesMissed\n    lastWrongSpelling\n    word {\n      text\n      partOfSpeech\n      phonetic\n      definition\n      sentences\n      pictureUrl\n      audioUrl\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "0b7257ce77cd983e54db546332aedd45";

export default node;
