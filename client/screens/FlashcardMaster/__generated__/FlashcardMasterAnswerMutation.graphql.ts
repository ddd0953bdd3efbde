/**
 * @generated SignedSource<<1a4091d1256678eb202a2001a5ba1806>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AnswerInput = {
  position: number;
  status: string;
  taskId: string;
  typed: string;
  word: string;
};
export type FlashcardMasterAnswerMutation$variables = {
  input: AnswerInput;
};
export type FlashcardMasterAnswerMutation$data = {
  readonly recordAnswer: {
    readonly __typename: string;
  };
};
export type FlashcardMasterAnswerMutation = {
  response: FlashcardMasterAnswerMutation$data;
  variables: FlashcardMasterAnswerMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "recordAnswer",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "__typename",
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "FlashcardMasterAnswerMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "FlashcardMasterAnswerMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "83e30fa147cecd9d121807f6b0706cb3",
    "id": null,
    "metadata": {},
    "name": "FlashcardMasterAnswerMutation",
    "operationKind": "mutation",
    "text": "mutation FlashcardMasterAnswerMutation(\n  $input: AnswerInput!\n) {\n  recordAnswer(input: $input) {\n    __typename\n  }\n}\n"
  }
};
})();

(node as any).hash = "6d0dc44419f369ce56feabac955450b9";

export default node;
