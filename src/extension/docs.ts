// Open Documentation…: the docs/ pages shipped with the extension, in VS Code's Markdown preview, so the walkthrough
// and the palette lead to the manual without a browser or a network. A page is named by its file's base name
// (`tokens`), never by a path: command links can come from any Markdown.
import * as vscode from 'vscode';
import type { Services } from './services';

export const DOCS_COMMAND = 'ledgerMirror.openDocs';
const PAGE_NAME = /^[a-z][a-z-]{0,40}$/;

interface PagePick extends vscode.QuickPickItem {
  page: string;
}

/** The shipped pages with the title of their first heading. */
async function pages(root: vscode.Uri): Promise<PagePick[]> {
  const entries = await vscode.workspace.fs.readDirectory(root);
  const names = entries.filter(([name, type]) => type === vscode.FileType.File && name.endsWith('.md')).map(([name]) => name.slice(0, -3));
  return Promise.all(
    names.map(async (page) => {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, `${page}.md`)));
      return { page, label: /^# (.+)$/m.exec(text)?.[1] ?? page, description: `docs/${page}.md` };
    }),
  );
}

export function registerDocs(context: vscode.ExtensionContext, services: Services): void {
  const root = vscode.Uri.joinPath(context.extensionUri, 'docs');
  services.registerCommand(DOCS_COMMAND, async (requested?: unknown) => {
    let page = typeof requested === 'string' ? requested : undefined;
    if (page === undefined) {
      page = (await vscode.window.showQuickPick(pages(root), { title: 'Ledger Mirror: Documentation', placeHolder: 'Which page to open' }))
        ?.page;
      if (page === undefined) return false;
    }
    const known = (await pages(root)).map((p) => p.page);
    if (!PAGE_NAME.test(page) || !known.includes(page))
      throw new Error(`There is no documentation page named ${JSON.stringify(page.slice(0, 40))}; the pages are ${known.join(', ')}.`);
    await vscode.commands.executeCommand('markdown.showPreview', vscode.Uri.joinPath(root, `${page}.md`));
    return true;
  });
}
