/**
 * @generated SignedSource<<62277de36673f0c530774d290fd3e251>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AddClassInput = {
  className: string;
  fmBatchSize?: number | null | undefined;
  pressId: string;
  schoolId: string;
  spellingTimeoutSec?: number | null | undefined;
  students: string;
  taskDueDays?: number | null | undefined;
  tbTaskType?: string | null | undefined;
};
export type AddClassFormMutation$variables = {
  connections: ReadonlyArray<string>;
  input: AddClassInput;
};
export type AddClassFormMutation$data = {
  readonly addClass: {
    readonly __typename: "ClassPayload";
    readonly class: {
      readonly id: string;
      readonly name: string;
      readonly pressId: string;
      readonly schoolId: string;
      readonly spellingTimeoutSec: number;
      readonly students: ReadonlyArray<string>;
      readonly taskDueDays: number;
      readonly tbTaskType: string;
    };
    readonly info: string;
  } | {
    readonly __typename: "ConflictError";
    readonly message: string;
  } | {
    readonly __typename: "ForbiddenError";
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
export type AddClassFormMutation = {
  response: AddClassFormMutation$data;
  variables: AddClassFormMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "connections"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "input"
},
v2 = [
  {
    "kind": "Variable",
    "name": "input",
    "variableName": "input"
  }
],
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "info",
  "storageKey": null
},
v5 = {
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
      "name": "students",
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
},
v6 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v7 = {
  "kind": "InlineFragment",
  "selections": (v6/*:: as any*/),
  "type": "ValidationError",
  "abstractKey": null
},
v8 = {
  "kind": "InlineFragment",
  "selections": (v6/*:: as any*/),
  "type": "ConflictError",
  "abstractKey": null
},
v9 = {
  "kind": "InlineFragment",
  "selections": (v6/*:: as any*/),
  "type": "ForbiddenError",
  "abstractKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "AddClassFormMutation",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "addClass",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v4/*:: as any*/),
              (v5/*:: as any*/)
            ],
            "type": "ClassPayload",
            "abstractKey": null
          },
          (v7/*:: as any*/),
          (v8/*:: as any*/),
          (v9/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
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
    "name": "AddClassFormMutation",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "addClass",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v4/*:: as any*/),
              (v5/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "filters": null,
                "handle": "appendNode",
                "key": "",
                "kind": "LinkedHandle",
                "name": "class",
                "handleArgs": [
                  {
                    "kind": "Variable",
                    "name": "connections",
                    "variableName": "connections"
                  },
                  {
                    "kind": "Literal",
                    "name": "edgeTypeName",
                    "value": "UserClassesConnectionEdge"
                  }
                ]
              }
            ],
            "type": "ClassPayload",
            "abstractKey": null
          },
          (v7/*:: as any*/),
          (v8/*:: as any*/),
          (v9/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "8c2047236f883cbc73095bff3d69b1c7",
    "id": null,
    "metadata": {},
    "name": "AddClassFormMutation",
    "operationKind": "mutation",
    "text": "mutation AddClassFormMutation(\n  $input: AddClassInput!\n) {\n  addClass(input: $input) {\n    __typename\n    ... on ClassPayload {\n      info\n      class {\n        id\n        name\n        schoolId\n        pressId\n        students\n        tbTaskType\n        spellingTimeoutSec\n        taskDueDays\n      }\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on ConflictError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "64a72d714def3a0591cd39ac3dff44d1";

export default node;
