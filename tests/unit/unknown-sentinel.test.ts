import { UNKNOWN } from "../../provider/model/values";

test("the unknown sentinel is the one the engine sends during preview", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of @pulumi/pulumi, with no typed export
  expect(UNKNOWN).toBe(require("@pulumi/pulumi/runtime/rpc").unknownValue);
});
