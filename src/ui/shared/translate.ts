export type Translate = (key: string, substitutions?: string | string[]) => string;
