/**
 * @generated SignedSource<<7482f37db1771568e579f6d72bd170f6>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type ClassNameInput = {
  classId?: string | null | undefined;
  className?: string | null | undefined;
};
export type SelectClassFormMutation$variables = {
  input: ClassNameInput;
};
export type SelectClassFormMutation$data = {
  readonly selectClass: {
    readonly __typename: "ClassPayload";
    readonly class: {
      readonly id: string;
      readonly name: string;
      readonly pressId: string;
      readonly schoolId: string;
      readonly spellingTimeoutSec: number;
      readonly taskDueDays: number;
      readonly tbTaskType: string;
    };
  } | {
    readonly __typename: "ForbiddenError";
    readonly message: string;
  } | {
    readonly __typename: "NotFoundError";
    readonly message: string;
  } | {
    readonly __typename: "ValidationError";
    readonly message: string;
  } | {
    // This will never be '%other', but we need some
    // value in case none of the concrete values match.
    readonly __typename: "%other";
  };
};
export type SelectClassFormMutation = {
  response: SelectClassFormMutation$data;
  variables: SelectClassFormMutation$variables;
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
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "selectClass",
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
            "concreteType": "Class",
            "kind": "LinkedField",
            "name": "class",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "id",
                "storageKey": null
              },
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
                "name": "schoolId",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "pressId",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "tbTaskType",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "spellingTimeoutSec",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "taskDueDays",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "ClassPayload",
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
    "name": "SelectClassFormMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "SelectClassFormMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "f7383cd886fedb2c977fd3fef5d007db",
    "id": null,
    "metadata": {},
    "name": "SelectClassFormMutation",
    "operationKind": "mutation",
    "text": "mutation SelectClassFormMutation(\n  $input: ClassNameInput!\n) {\n  selectClass(input: $input) {\n    __typename\n    ... on ClassPayload {\n      class {\n        id\n        name\n        schoolId\n        pressId\n        tbTaskType\n        spellingTimeoutSec\n        taskDueDays\n      }\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on NotFoundError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "af9935c43b35d67309e081dd4a30da9f";

export default node;
