/**
 * Servers with a reasoning parser (vLLM `--reasoning-parser`, llama.cpp `--reasoning-format`,
 * Ollama, DeepSeek-style APIs) stream a thinking model's reasoning apart from its content, as
 * `reasoning_content` or `reasoning` deltas. The agent keeps the model's whole turn for history
 * and the panel, so the reasoning goes back inside `<think>…</think>` where the model wrote it.
 */
export class ReasoningWrap {
  private state: 'start' | 'thinking' | 'content' = 'start';
  /** Content after `</think>` starts without the newlines a parser leaves in front of it. */
  private trimLead = false;

  /**
   * @param prefix the generation prefix the server's template wrote (e.g. `<think>\n`): content
   * that arrives without it and without reasoning gets it back, so the raw turn is whole.
   */
  constructor(private readonly prefix = '') {}

  reasoning(delta: string): string {
    if (!delta) return '';
    if (this.state === 'content') return '';
    const head = this.state === 'start' ? '<think>\n' : '';
    this.state = 'thinking';
    return head + delta;
  }

  content(delta: string): string {
    if (!delta) return '';
    let out = '';
    if (this.state === 'thinking') {
      out = '\n</think>\n\n';
      this.trimLead = true;
    } else if (this.state === 'start' && this.prefix && !delta.trimStart().startsWith(this.prefix.trim())) {
      out = this.prefix;
    }
    this.state = 'content';
    let text = delta;
    if (this.trimLead) {
      text = text.replace(/^\n+/, '');
      if (text) this.trimLead = false;
    }
    return out + text;
  }
}
