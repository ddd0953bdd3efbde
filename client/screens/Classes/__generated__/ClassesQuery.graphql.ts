/**
 * @generated SignedSource<<ebfd113afc3e50ef9782a9b25e336f78>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type SchoolLevel = "ES" | "HS" | "K12" | "MS" | "%future added value";
export type TextbookTaskType = "PA" | "PA_SB" | "SB" | "%future added value";
export type ClassesQuery$variables = Record<PropertyKey, never>;
export type ClassesQuery$data = {
  readonly pressOptions: ReadonlyArray<{
    readonly pressId: string;
    readonly schoolLevel: SchoolLevel;
    readonly title: string;
  }>;
  readonly viewer: {
    readonly classes: {
      readonly __id: string;
      readonly edges: ReadonlyArray<{
        readonly node: {
          readonly id: string;
          readonly name: string;
          readonly pressId: string;
          readonly schoolLevel: SchoolLevel;
          readonly spellingTimeoutSec: number;
          readonly students: ReadonlyArray<string>;
          readonly taskDueDays: number;
          readonly textbookTaskType: TextbookTaskType;
          readonly " $fragmentSpreads": FragmentRefs<"RosterPanel_class">;
        };
      }>;
    };
    readonly id: string;
    readonly selectedClass: {
      readonly name: string;
      readonly pressId: string;
      readonly schoolLevel: SchoolLevel;
      readonly spellingTimeoutSec: number;
      readonly taskDueDays: number;
      readonly textbookTaskType: TextbookTaskType;
    } | null | undefined;
  } | null | undefined;
};
export type ClassesQuery = {
  response: ClassesQuery$data;
  variables: ClassesQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "schoolLevel",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "pressId",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "students",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "textbookTaskType",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "spellingTimeoutSec",
  "storageKey": null
},
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "taskDueDays",
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "cursor",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "concreteType": "PageInfo",
  "kind": "LinkedField",
  "name": "pageInfo",
  "plural": false,
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "endCursor",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "hasNextPage",
      "storageKey": null
    }
  ],
  "storageKey": null
},
v11 = {
  "kind": "ClientExtension",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "__id",
      "storageKey": null
    }
  ]
},
v12 = {
  "alias": null,
  "args": null,
  "concreteType": "PressOption",
  "kind": "LinkedField",
  "name": "pressOptions",
  "plural": true,
  "selections": [
    (v2/*:: as any*/),
    (v3/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "title",
      "storageKey": null
    }
  ],
  "storageKey": null
},
v13 = [
  {
    "kind": "Literal",
    "name": "first",
    "value": 100
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "ClassesQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "alias": "classes",
            "args": null,
            "concreteType": "UserClassesConnection",
            "kind": "LinkedField",
            "name": "__Classes_classes_connection",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "UserClassesConnectionEdge",
                "kind": "LinkedField",
                "name": "edges",
                "plural": true,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Class",
                    "kind": "LinkedField",
                    "name": "node",
                    "plural": false,
                    "selections": [
                      (v0/*:: as any*/),
                      (v1/*:: as any*/),
                      (v2/*:: as any*/),
                      (v3/*:: as any*/),
                      (v4/*:: as any*/),
                      (v5/*:: as any*/),
                      (v6/*:: as any*/),
                      (v7/*:: as any*/),
                      {
                        "args": null,
                        "kind": "FragmentSpread",
                        "name": "RosterPanel_class"
                      },
                      (v8/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v9/*:: as any*/)
                ],
                "storageKey": null
              },
              (v10/*:: as any*/),
              (v11/*:: as any*/)
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Class",
            "kind": "LinkedField",
            "name": "selectedClass",
            "plural": false,
            "selections": [
              (v1/*:: as any*/),
              (v2/*:: as any*/),
              (v3/*:: as any*/),
              (v5/*:: as any*/),
              (v6/*:: as any*/),
              (v7/*:: as any*/)
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      },
      (v12/*:: as any*/)
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "ClassesQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "alias": null,
            "args": (v13/*:: as any*/),
            "concreteType": "UserClassesConnection",
            "kind": "LinkedField",
            "name": "classes",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "UserClassesConnectionEdge",
                "kind": "LinkedField",
                "name": "edges",
                "plural": true,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Class",
                    "kind": "LinkedField",
                    "name": "node",
                    "plural": false,
                    "selections": [
                      (v0/*:: as any*/),
                      (v1/*:: as any*/),
                      (v2/*:: as any*/),
                      (v3/*:: as any*/),
                      (v4/*:: as any*/),
                      (v5/*:: as any*/),
                      (v6/*:: as any*/),
                      (v7/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "joinWithoutRoster",
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "RosterLine",
                        "kind": "LinkedField",
                        "name": "roster",
                        "plural": true,
                        "selections": [
                          (v1/*:: as any*/),
                          {
                            "alias": null,
                            "args": null,
                            "kind": "ScalarField",
                            "name": "username",
                            "storageKey": null
                          }
                        ],
                        "storageKey": null
                      },
                      (v8/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v9/*:: as any*/)
                ],
                "storageKey": null
              },
              (v10/*:: as any*/),
              (v11/*:: as any*/)
            ],
            "storageKey": "classes(first:100)"
          },
          {
            "alias": null,
            "args": (v13/*:: as any*/),
            "filters": null,
            "handle": "connection",
            "key": "Classes_classes",
            "kind": "LinkedHandle",
            "name": "classes"
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Class",
            "kind": "LinkedField",
            "name": "selectedClass",
            "plural": false,
            "selections": [
              (v1/*:: as any*/),
              (v2/*:: as any*/),
              (v3/*:: as any*/),
              (v5/*:: as any*/),
              (v6/*:: as any*/),
              (v7/*:: as any*/),
              (v0/*:: as any*/)
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      },
      (v12/*:: as any*/)
    ]
  },
  "params": {
    "cacheID": "50de156a4f0dd59b7192816dbf168a43",
    "id": null,
    "metadata": {
      "connection": [
        {
          "count": null,
          "cursor": null,
          "direction": "forward",
          "path": [
            "viewer",
            "classes"
          ]
        }
      ]
    },
    "name": "ClassesQuery",
    "operationKind": "query",
    "text": "query ClassesQuery {\n  viewer {\n    id\n    classes(first: 100) {\n      edges {\n        node {\n          id\n          name\n          schoolLevel\n          pressId\n          students\n          textbookTaskType\n          spellingTimeoutSec\n          taskDueDays\n          ...RosterPanel_class\n          __typename\n        }\n        cursor\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n    selectedClass {\n      name\n      schoolLevel\n      pressId\n      textbookTaskType\n      spellingTimeoutSec\n      taskDueDays\n      id\n    }\n  }\n  pressOptions {\n    schoolLevel\n    pressId\n    title\n  }\n}\n\nfragment RosterPanel_class on Class {\n  id\n  name\n  joinWithoutRoster\n  roster {\n    name\n    username\n  }\n}\n"
  }
};
})();

(node as any).hash = "699d10e62f3ef6ff9636f397939ec7ed";

export default node;
