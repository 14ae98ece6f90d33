// Explorer API keys live only in VS Code's SecretStorage (the OS keychain), one per explorer name. They are never
// written to settings, never logged, and never put into a message.
import type * as vscode from 'vscode';

const keyName = (explorer: string) => `ledgerMirror.verify.apiKey.${explorer}`;

export class ExplorerKeys {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(explorer: string): Thenable<string | undefined> {
    return this.secrets.get(keyName(explorer));
  }

  /** An empty key removes the stored one. */
  async set(explorer: string, key: string): Promise<void> {
    if (key.trim() === '') await this.secrets.delete(keyName(explorer));
    else await this.secrets.store(keyName(explorer), key.trim());
  }
}
