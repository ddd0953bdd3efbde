/**
 * @generated SignedSource<<d5da742bf15a634245a72db75d69bbe9>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type LiveClassQuery$variables = {
  className: string;
};
export type LiveClassQuery$data = {
  readonly viewer: {
    readonly class: {
      readonly id: string;
      readonly name: string;
      readonly students: ReadonlyArray<string>;
    } | null | undefined;
  } | null | undefined;
};
export type LiveClassQuery = {
  response: LiveClassQuery$data;
  variables: LiveClassQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "className"
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": [
    {
      "kind": "Variable",
      "name": "name",
      "variableName": "className"
    }
  ],
  "concreteType": "Class",
  "kind": "LinkedField",
  "name": "class",
  "plural": false,
  "selections": [
    (v1/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "students",
      "storageKey": null
    }
  ],
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "LiveClassQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v2/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "LiveClassQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          (v1/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "2d8e1e7d1e6502395ca4c86f54b8d1ee",
    "id": null,
    "metadata": {},
    "name": "LiveClassQuery",
    "operationKind": "query",
    "text": "query LiveClassQuery(\n  $className: String!\n) {\n  viewer {\n    class(name: $className) {\n      id\n      name\n      students\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "db36cc23a10eb99294cab1a66fbb0360";

export default node;
