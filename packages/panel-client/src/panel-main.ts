// The panel's one script (docs/panel.md): copy buttons on every page, and the playground on its
// page. Pages work without it except the playground, which is a client of the JSON routes.
import { initPlayground } from './playground.js';

function initCopyButtons(): void {
    for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
        button.addEventListener('click', async () => {
            const input = document.getElementById(button.dataset.copy!) as HTMLInputElement | null;
            const status = document.querySelector<HTMLElement>(`[data-copy-status="${button.dataset.copy}"]`);
            if (!input) return;
            input.select();
            let ok: boolean;
            try {
                await navigator.clipboard.writeText(input.value);
                ok = true;
            } catch {
                ok = document.execCommand('copy'); // clipboard API refused (plain HTTP off loopback)
            }
            if (status) status.textContent = ok ? 'Copied to the clipboard.' : 'Select the key and copy it yourself.';
        });
    }
}

function start(): void {
    initCopyButtons();
    const playground = document.getElementById('playground');
    if (playground) initPlayground(playground);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
