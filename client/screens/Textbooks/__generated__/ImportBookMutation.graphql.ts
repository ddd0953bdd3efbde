/**
 * @generated SignedSource<<ab536d019f2a75f5d5988776591daee1>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type ImportBookMutation$variables = {
  content: string;
  fileName: string;
};
export type ImportBookMutation$data = {
  readonly importTextbook: {
    readonly __typename: "ForbiddenError";
    readonly message: string;
  } | {
    readonly __typename: "ImportTextbookPayload";
    readonly books: number;
    readonly newWords: number;
    readonly units: number;
    readonly words: number;
  } | {
    readonly __typename: "ValidationError";
    readonly message: string;
  } | {
    // This will never be '%other', but we need some
    // value in case none of the concrete values match.
    readonly __typename: "%other";
  };
};
export type ImportBookMutation = {
  response: ImportBookMutation$data;
  variables: ImportBookMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "content"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "fileName"
},
v2 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v3 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "content",
        "variableName": "content"
      },
      {
        "kind": "Variable",
        "name": "fileName",
        "variableName": "fileName"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "importTextbook",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "__typename",
        "storageKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "books",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "units",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "words",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "newWords",
            "storageKey": null
          }
        ],
        "type": "ImportTextbookPayload",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v2/*:: as any*/),
        "type": "ValidationError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v2/*:: as any*/),
        "type": "ForbiddenError",
        "abstractKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "ImportBookMutation",
    "selections": (v3/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "ImportBookMutation",
    "selections": (v3/*:: as any*/)
  },
  "params": {
    "cacheID": "c5192626c5301f3c2628e75edd884660",
    "id": null,
    "metadata": {},
    "name": "ImportBookMutation",
    "operationKind": "mutation",
    "text": "mutation ImportBookMutation(\n  $fileName: String!\n  $content: String!\n) {\n  importTextbook(fileName: $fileName, content: $content) {\n    __typename\n    ... on ImportTextbookPayload {\n      books\n      units\n      words\n      newWords\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "77afa634baefcacda9d7b148e6fa94c8";

export default node;
