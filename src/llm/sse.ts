/**
 * Incremental Server-Sent Events parser (the subset OpenAI-compatible servers use): feed decoded
 * text as it arrives, in chunks split anywhere (mid-line, mid-CRLF), get complete events' data.
 * Spec: https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  /** A '\r' at the end of a chunk may be the first half of a CRLF. */
  private pendingCr = false;

  /** Returns the data of every event completed by this chunk. */
  push(chunk: string): string[] {
    let text = chunk;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    this.buffer += text;
    const events: string[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      const line = this.buffer.slice(0, match.index);
      const end = match.index + match[0].length;
      if (match[0] === '\r' && end === this.buffer.length) {
        this.pendingCr = true;
      }
      this.buffer = this.buffer.slice(end);
      const done = this.line(line);
      if (done !== null) events.push(done);
    }
    return events;
  }

  /** At end of stream, an unterminated event still counts (some servers omit the last blank line). */
  end(): string[] {
    const events: string[] = [];
    if (this.buffer) {
      const done = this.line(this.buffer);
      this.buffer = '';
      if (done !== null) events.push(done);
    }
    const last = this.line('');
    if (last !== null) events.push(last);
    return events;
  }

  private line(line: string): string | null {
    if (line === '') {
      if (this.data.length === 0) return null;
      const event = this.data.join('\n');
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    return null;
  }
}
