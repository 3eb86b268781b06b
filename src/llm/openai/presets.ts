/** Local OpenAI-compatible servers and where they listen by default. */
export interface OpenAiPreset {
  id: 'ollama' | 'llama-cpp' | 'vllm' | 'lm-studio';
  label: string;
  baseUrl: string;
  /** Body field the server reads a GBNF grammar from, if any. */
  grammarField?: 'grammar';
}

export const OPENAI_PRESETS: readonly OpenAiPreset[] = [
  { id: 'ollama', label: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1' },
  {
    id: 'llama-cpp',
    label: 'llama.cpp server',
    baseUrl: 'http://127.0.0.1:8080/v1',
    grammarField: 'grammar',
  },
  { id: 'vllm', label: 'vLLM', baseUrl: 'http://127.0.0.1:8000/v1' },
  { id: 'lm-studio', label: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1' },
];
