/**
 * @generated SignedSource<<ed161502a759be980e32d902010041b2>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SignupRosterQuery$variables = {
  className: string;
  teachername: string;
};
export type SignupRosterQuery$data = {
  readonly signupRoster: {
    readonly className: string;
    readonly joinWithoutRoster: boolean;
    readonly names: ReadonlyArray<string>;
  } | null | undefined;
};
export type SignupRosterQuery = {
  response: SignupRosterQuery$data;
  variables: SignupRosterQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "className"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "teachername"
},
v2 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "className",
        "variableName": "className"
      },
      {
        "kind": "Variable",
        "name": "teachername",
        "variableName": "teachername"
      }
    ],
    "concreteType": "SignupRoster",
    "kind": "LinkedField",
    "name": "signupRoster",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "className",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "names",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "joinWithoutRoster",
        "storageKey": null
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
    "name": "SignupRosterQuery",
    "selections": (v2/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "SignupRosterQuery",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "b04288e77f5d5fc708682479b644bd65",
    "id": null,
    "metadata": {},
    "name": "SignupRosterQuery",
    "operationKind": "query",
    "text": "query SignupRosterQuery(\n  $teachername: String!\n  $className: String!\n) {\n  signupRoster(teachername: $teachername, className: $className) {\n    className\n    names\n    joinWithoutRoster\n  }\n}\n"
  }
};
})();

(node as any).hash = "b28922b3d8bac37096420e391885c2ec";

export default node;
