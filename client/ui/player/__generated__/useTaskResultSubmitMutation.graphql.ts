/**
 * @generated SignedSource<<6b621bf9c2881584838e90022eb046c9>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type useTaskResultSubmitMutation$variables = {
  sbArr: any;
};
export type useTaskResultSubmitMutation$data = {
  readonly submitResult: {
    readonly __typename: "ConflictError";
    readonly message: string;
  } | {
    readonly __typename: "ForbiddenError";
    readonly message: string;
  } | {
    readonly __typename: "NotFoundError";
    readonly message: string;
  } | {
    readonly __typename: "ResultPayload";
    readonly nextTask: string | null | undefined;
    readonly score: number;
    readonly wrongSpellings: ReadonlyArray<{
      readonly typed: string;
      readonly word: string;
    }>;
  } | {
    readonly __typename: "ValidationError";
    readonly message: string;
  } | {
    // This will never be '%other', but we need some
    // value in case none of the concrete values match.
    readonly __typename: "%other";
  };
};
export type useTaskResultSubmitMutation = {
  response: useTaskResultSubmitMutation$data;
  variables: useTaskResultSubmitMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "sbArr"
  }
],
v1 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v2 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "sbArr",
        "variableName": "sbArr"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "submitResult",
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
            "name": "score",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "nextTask",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "WrongSpelling",
            "kind": "LinkedField",
            "name": "wrongSpellings",
            "plural": true,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "word",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "typed",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "ResultPayload",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "ValidationError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "NotFoundError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "ConflictError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "ForbiddenError",
        "abstractKey": null
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
    "name": "useTaskResultSubmitMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "useTaskResultSubmitMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "2b07a1e94a1ce6abe41eacc24c26b61f",
    "id": null,
    "metadata": {},
    "name": "useTaskResultSubmitMutation",
    "operationKind": "mutation",
    "text": "mutation useTaskResultSubmitMutation(\n  $sbArr: JSON!\n) {\n  submitResult(sbArr: $sbArr) {\n    __typename\n    ... on ResultPayload {\n      score\n      nextTask\n      wrongSpellings {\n        word\n        typed\n      }\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on NotFoundError {\n      message\n    }\n    ... on ConflictError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "38dc26701faf6c91dbe17b772ede5311";

export default node;
