// What the provider stores and sends: outputs are the record without nulls (urn as `target`) plus the declared
// fields; request bodies use the API's names, carry no alerts in an edit, clear removed fields with null.
import { monitorOutputs, monitorRequestBody } from "../../provider/monitor";
import { canonicalFromRecord } from "../../provider/model/engine";
import { MONITOR } from "../../provider/model/monitor";
import { HTTP_FULL, HTTP_MIN, TCP_FULL, recordOf } from "../helpers/monitor-records";

type Args = Record<string, unknown>;

describe("monitorOutputs", () => {
  test("the record without nulls or empty lists, urn as target, record names kept, the declared fields (never adoptUuid)", () => {
    const inputs = { ...HTTP_MIN, followRedirects: true, groups: [], httpRequest: { method: "GET" as const }, adoptUuid: "m-1" };
    expect(monitorOutputs(recordOf(inputs), inputs)).toEqual({
      uuid: "3b0c5f0e-1111-4a5b-8c6d-000000000001",
      name: "web",
      type: "https",
      target: "https://www.example.com",
      httpFollowRedirects: true,
      intervalId: 60,
      regions: [1],
      httpRequest: { method: "GET" },
      adoptUuid: "m-1",
      createdAt: "2026-03-01T12:00:00.000Z",
      declaredFields: ["name", "type", "target", "followRedirects", "interval", "regions", "groups", "httpRequest", "httpRequest.method"],
    });
  });

  test("plain JSON: no undefined and no null anywhere, no urn key (Pulumi reserves it)", () => {
    for (const inputs of [HTTP_FULL, TCP_FULL, HTTP_MIN]) {
      const outs = monitorOutputs(recordOf(inputs), inputs);
      // Strictly equal to its JSON copy: no undefined member (JSON drops it) nor item (JSON makes it null).
      expect(JSON.parse(JSON.stringify(outs))).toStrictEqual(outs);
      expect(JSON.stringify(outs)).not.toMatch(/[[:,]null[\],}]/);
      expect(outs).not.toHaveProperty("urn");
    }
  });
});

describe("canonicalFromRecord", () => {
  test("a record and the outputs made from it give the canonical inputs back, without uuid, timestamps, declaredFields or __provider", () => {
    for (const inputs of [HTTP_FULL, TCP_FULL, HTTP_MIN]) {
      const record = recordOf(inputs);
      expect(canonicalFromRecord(MONITOR, record as unknown as Args)).toEqual(inputs);
      expect(canonicalFromRecord(MONITOR, { ...monitorOutputs(record, inputs), __provider: "x" })).toStrictEqual(inputs);
    }
  });
});

describe("monitorRequestBody", () => {
  /** HTTP_MIN under the API's names. */
  const MIN_BODY = { name: "web", type: "https", urn: "https://www.example.com", interval: 60, regions: [1] };

  test("create: the API's names (urn), alerts included, nothing the provider keeps for itself", () => {
    const body = monitorRequestBody({ ...HTTP_MIN, alerts: ["a-1"], followRedirects: true, adoptUuid: "m-1" }, { forEdit: false });
    expect(body).toEqual({ ...MIN_BODY, alerts: ["a-1"], followRedirects: true });
  });

  test("edit: never alerts, even when declared", () => {
    expect(monitorRequestBody({ ...HTTP_MIN, alerts: ["a-1"] }, { forEdit: true })).toEqual(MIN_BODY);
  });

  test("edit: every declared field is sent, option objects whole; removed ones as null, a removed alerts list not at all", () => {
    const body = monitorRequestBody(HTTP_MIN, { forEdit: true, removed: ["title", "httpRequest", "groups", "alerts", "followRedirects"] });
    expect(body).toEqual({ ...MIN_BODY, title: null, httpRequest: null, groups: null, followRedirects: null });
    const { target, ...rest } = HTTP_FULL;
    expect(monitorRequestBody(HTTP_FULL, { forEdit: true })).toEqual({ ...rest, urn: target });
  });
});
