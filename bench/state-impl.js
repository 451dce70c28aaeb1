// The provider object of the benchmark's state floors (bench/state-floor.ts), installed under
// node_modules once per variant, as a package whose name says the variant (so that `__provider` is a
// one-line require of it). No HTTP call anywhere: its outputs are what this package's Monitor stores
// for the same inputs (the record, then `declaredFields` and `journalKey`), or less, as the variant says.
"use strict";
const { randomUUID } = require("node:crypto");
const variant = require("./package.json").name.split("-")[2];

const DECLARED = ["name", "type", "target", "interval", "regions", "httpResponse", "httpResponse.status", "httpResponse.statusMatches"];

/** The outputs of each variant, from the inputs (without `__provider`) and the service's fields. */
function outputs(inputs, uuid, createdAt) {
  if (variant === "declared") return { uuid, createdAt };
  const { journalKey, interval, __provider, ...declared } = inputs;
  const record = { ...declared, intervalId: interval, uuid, createdAt };
  if (variant === "lean") return record;
  return { ...record, declaredFields: DECLARED, journalKey };
}

/** The inputs a refresh gives back: the declared ones (and the journal key) read from the outputs. */
function inputsOf(props) {
  if (variant === "declared") return undefined;
  const { intervalId, uuid, createdAt, declaredFields, ...rest } = props;
  return { ...rest, interval: intervalId };
}

module.exports = {
  async create(inputs) {
    const uuid = randomUUID();
    return { id: uuid, outs: outputs(inputs, uuid, new Date().toISOString()) };
  },
  async update(_id, olds, news) {
    return { outs: outputs(news, olds.uuid, olds.createdAt) };
  },
  async read(id, props) {
    const inputs = inputsOf(props);
    return inputs ? { id, props, inputs } : { id, props };
  },
  async delete() {},
};
