/**
 * A reply wllama 3.13 cannot hand over: its bytes are not valid UTF-8.
 *
 * llama.cpp's server streams a token's text once the reply no longer ends inside a character, but
 * it checks only that tail: a lone continuation byte, a lead byte followed by plain ASCII, or a
 * byte that UTF-8 never uses goes out in a chunk (a reply cut by max_tokens mid-character does not:
 * the cut tail is held back and dropped). wllama's C++ glue turns the chunk into JSON, nlohmann's
 * `dump()` throws (type_error 316, "invalid UTF-8 byte"), and the glue catches it and returns
 * without writing the reply's length; its worker reads the length from where the request began,
 * whose first bytes are the request's own magic "GLUE", and fails allocating 1,163,217,991 bytes.
 * The model and the wasm are fine: the next request works.
 */

/** The bytes "GLUE" read as a little-endian uint32, the length the worker then asks for. */
export const GLUE_READ_AS_LENGTH = 0x45554c47;

const MISREAD_LENGTH = new RegExp(`\\b${GLUE_READ_AS_LENGTH}\\b`);

/** wllama failed a request because llama.cpp's reply was not valid UTF-8 (see above). */
export function isUnreadableReply(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return MISREAD_LENGTH.test(message);
}

/**
 * Any Unicode scalar value, for a reply that continues after an unreadable chunk. llama.cpp's
 * grammar decodes each token's bytes as UTF-8, so it refuses a stray continuation byte, a lead byte
 * not followed by continuations, surrogates and anything above U+10FFFF. It cannot tell an overlong
 * encoding from the short one (both decode to the same code point), which a trained model does not
 * write; a random-weight one can, so the continuation may still fail (and is retried).
 */
export const VALID_TEXT_GRAMMAR = 'root ::= [\\x01-\\uD7FF\\uE000-\\U0010FFFF]*';
