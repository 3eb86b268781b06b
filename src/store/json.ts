import * as v from 'valibot';

/** A value that survives `JSON.stringify` → `JSON.parse` unchanged (and IndexedDB's structured clone). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type JsonObject = { [key: string]: JsonValue };

// Recursive schema for data that older versions (or a broken write) may have left in storage.
export const jsonValueSchema: v.GenericSchema<JsonValue> = v.lazy(() =>
  v.union([
    v.string(),
    v.pipe(v.number(), v.finite()),
    v.boolean(),
    v.null(),
    v.array(jsonValueSchema),
    v.record(v.string(), jsonValueSchema),
  ]),
);

/** A typed record as stored JSON: undefined fields dropped, exactly as IndexedDB would keep it. */
export function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
