/**
 * @generated SignedSource<<e257caf6072538cb50d6c1e3544003ac>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type TextbooksQuery$variables = {
  className: string;
};
export type TextbooksQuery$data = {
  readonly viewer: {
    readonly class: {
      readonly name: string;
      readonly shelf: {
        readonly national: {
          readonly bookId: string;
          readonly entry: string;
          readonly id: string;
          readonly kind: string;
          readonly level: string | null | undefined;
          readonly title: string;
          readonly units: ReadonlyArray<{
            readonly bookUnitId: string;
            readonly title: string;
            readonly unitId: string;
            readonly wordCount: number;
          }>;
        };
        readonly press: ReadonlyArray<{
          readonly bookId: string;
          readonly entry: string;
          readonly id: string;
          readonly kind: string;
          readonly level: string | null | undefined;
          readonly title: string;
          readonly units: ReadonlyArray<{
            readonly bookUnitId: string;
            readonly title: string;
            readonly unitId: string;
            readonly wordCount: number;
          }>;
        }>;
        readonly pressId: string;
        readonly schoolId: string;
        readonly sources: ReadonlyArray<{
          readonly bookId: string;
          readonly entry: string;
          readonly id: string;
          readonly kind: string;
          readonly level: string | null | undefined;
          readonly title: string;
          readonly units: ReadonlyArray<{
            readonly bookUnitId: string;
            readonly title: string;
            readonly unitId: string;
            readonly wordCount: number;
          }>;
        }>;
      };
      readonly taskDueDays: number;
      readonly tbTaskType: string;
    } | null | undefined;
  } | null | undefined;
};
export type TextbooksQuery = {
  response: TextbooksQuery$data;
  variables: TextbooksQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "className"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "name",
    "variableName": "className"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "tbTaskType",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "taskDueDays",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "title",
  "storageKey": null
},
v7 = [
  (v5/*:: as any*/),
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "bookId",
    "storageKey": null
  },
  (v6/*:: as any*/),
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "kind",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "level",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "entry",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "concreteType": "Unit",
    "kind": "LinkedField",
    "name": "units",
    "plural": true,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "unitId",
        "storageKey": null
      },
      (v6/*:: as any*/),
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "wordCount",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "bookUnitId",
        "storageKey": null
      }
    ],
    "storageKey": null
  }
],
v8 = {
  "alias": null,
  "args": null,
  "concreteType": "Shelf",
  "kind": "LinkedField",
  "name": "shelf",
  "plural": false,
  "selections": [
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
      "concreteType": "Book",
      "kind": "LinkedField",
      "name": "national",
      "plural": false,
      "selections": (v7/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Book",
      "kind": "LinkedField",
      "name": "sources",
      "plural": true,
      "selections": (v7/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Book",
      "kind": "LinkedField",
      "name": "press",
      "plural": true,
      "selections": (v7/*:: as any*/),
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
    "name": "TextbooksQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": (v1/*:: as any*/),
            "concreteType": "Class",
            "kind": "LinkedField",
            "name": "class",
            "plural": false,
            "selections": [
              (v2/*:: as any*/),
              (v3/*:: as any*/),
              (v4/*:: as any*/),
              (v8/*:: as any*/)
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
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "TextbooksQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": (v1/*:: as any*/),
            "concreteType": "Class",
            "kind": "LinkedField",
            "name": "class",
            "plural": false,
            "selections": [
              (v2/*:: as any*/),
              (v3/*:: as any*/),
              (v4/*:: as any*/),
              (v8/*:: as any*/),
              (v5/*:: as any*/)
            ],
            "storageKey": null
          },
          (v5/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "bc733181e1ca7b6a78dd60ccdb68c554",
    "id": null,
    "metadata": {},
    "name": "TextbooksQuery",
    "operationKind": "query",
    "text": "query TextbooksQuery(\n  $className: String!\n) {\n  viewer {\n    class(name: $className) {\n      name\n      tbTaskType\n      taskDueDays\n      shelf {\n        schoolId\n        pressId\n        national {\n          id\n          bookId\n          title\n          kind\n          level\n          entry\n          units {\n            unitId\n            title\n            wordCount\n            bookUnitId\n          }\n        }\n        sources {\n          id\n          bookId\n          title\n          kind\n          level\n          entry\n          units {\n            unitId\n            title\n            wordCount\n            bookUnitId\n          }\n        }\n        press {\n          id\n          bookId\n          title\n          kind\n          level\n          entry\n          units {\n            unitId\n            title\n            wordCount\n            bookUnitId\n          }\n        }\n      }\n      id\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "3b751aa3bbc36306c2db245bfdddd0ce";

export default node;
