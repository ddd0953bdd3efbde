/**
 * @generated SignedSource<<41f1f7ec8ce9d34d192690ad0df52c23>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type ReportsPanelDigestMutation$variables = {
  enabled: boolean;
};
export type ReportsPanelDigestMutation$data = {
  readonly setReportDigest: {
    readonly __typename: string;
    readonly info?: string;
    readonly message?: string;
    readonly reportDigest?: boolean;
  };
};
export type ReportsPanelDigestMutation = {
  response: ReportsPanelDigestMutation$data;
  variables: ReportsPanelDigestMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "enabled"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "enabled",
        "variableName": "enabled"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "setReportDigest",
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
            "name": "reportDigest",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "info",
            "storageKey": null
          }
        ],
        "type": "SetReportDigestPayload",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "message",
            "storageKey": null
          }
        ],
        "type": "Error",
        "abstractKey": "__isError"
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
    "name": "ReportsPanelDigestMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ReportsPanelDigestMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "02804fec3e49b5deaa087f576b79c5ae",
    "id": null,
    "metadata": {},
    "name": "ReportsPanelDigestMutation",
    "operationKind": "mutation",
    "text": "mutation ReportsPanelDigestMutation(\n  $enabled: Boolean!\n) {\n  setReportDigest(enabled: $enabled) {\n    __typename\n    ... on SetReportDigestPayload {\n      reportDigest\n      info\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "30a794fb98b5ae903bde111dc9d58c73";

export default node;
