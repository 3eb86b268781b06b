/** What messaging needs from the browser; src/platform/runtime.ts provides it, tests provide fakes. */
export interface MessageSender {
  id?: string;
  url?: string;
  tabId?: number;
}

export type MessageListener = (message: unknown, sender: MessageSender) => Promise<unknown> | undefined;

export interface RuntimeTransport {
  readonly extensionId: string;
  sendMessage(message: unknown): Promise<unknown>;
  /** The listener returns a promise to answer, or undefined to leave the message to another context. */
  onMessage(listener: MessageListener): () => void;
}

export interface PortLike {
  readonly name: string;
  readonly sender?: MessageSender;
  postMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onDisconnect(listener: () => void): void;
  disconnect(): void;
}

export interface PortTransport {
  readonly extensionId: string;
  connect(name: string): PortLike;
  onConnect(listener: (port: PortLike) => void): () => void;
}
