// Dragging with one pointer (mouse, pen or touch): a hand card within the hand (reorder), onto
// the pile (its move: discard, knock, swap) or onto a table meld (lay off); the stock or the
// pile onto the hand (draw). A short press stays a click.

export interface DropHandlers {
  /** A hand card dropped in the hand: before `before` (null: at the end). */
  reorder(card: string, before: string | null): void;
  /** A move element's move, by id. */
  play(id: string): void;
  /** The id of the move laying `card` off onto table meld `meld`, if there is one. */
  layoff(card: string, meld: number): string | null;
}

interface Drag {
  src: HTMLElement;
  x0: number;
  y0: number;
  ghost: HTMLElement | null;
  dx: number;
  dy: number;
}

export function installDrag(root: HTMLElement, on: DropHandlers): void {
  let drag: Drag | null = null;
  let swallowClick = false;

  const end = () => {
    if (!drag) return;
    drag.ghost?.remove();
    drag.src.classList.remove('dragging');
    document.body.classList.remove('dragging-on');
    drag = null;
  };

  root.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || !e.isPrimary) return;
    const src = (e.target as Element).closest<HTMLElement>('.hcard, [data-drag]');
    if (!src || !root.contains(src)) return;
    const r = src.getBoundingClientRect();
    drag = { src, x0: e.clientX, y0: e.clientY, ghost: null, dx: e.clientX - r.left, dy: e.clientY - r.top };
  });

  window.addEventListener('pointermove', (e) => {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 8) return;
      const g = drag.src.cloneNode(true) as HTMLElement;
      g.removeAttribute('id');
      g.removeAttribute('data-move');
      g.removeAttribute('data-card');
      g.classList.add('ghost');
      const r = drag.src.getBoundingClientRect();
      g.style.width = `${r.width}px`;
      g.style.height = `${r.height}px`;
      document.body.append(g);
      drag.ghost = g;
      drag.src.classList.add('dragging');
      document.body.classList.add('dragging-on');
    }
    drag.ghost.style.transform = `translate(${e.clientX - drag.dx}px, ${e.clientY - drag.dy}px)`;
  });

  window.addEventListener('pointerup', (e) => {
    if (!drag) return;
    const d = drag;
    if (!d.ghost) {
      drag = null;
      return;
    }
    d.ghost.style.display = 'none';
    const at = document.elementFromPoint(e.clientX, e.clientY);
    end();
    swallowClick = true;
    window.setTimeout(() => (swallowClick = false), 0);
    if (!at) return;
    const card = d.src.dataset.card;
    if (card) {
      const over = at.closest<HTMLElement>('#hand .hcard');
      if (over && over !== d.src) {
        const r = over.getBoundingClientRect();
        const after = e.clientX > r.left + r.width / 2;
        const next = after ? nextCard(over) : over.dataset.card ?? null;
        on.reorder(card, next);
      } else if (!over && at.closest('#hand')) {
        on.reorder(card, null);
      } else if (at.closest('#pile') && d.src.dataset.move) {
        on.play(d.src.dataset.move);
      } else {
        const meld = at.closest<HTMLElement>('[data-meld-index]');
        const id = meld ? on.layoff(card, Number(meld.dataset.meldIndex)) : null;
        if (id) on.play(id);
      }
    } else if (d.src.dataset.move && at.closest('#hand, #mine')) {
      on.play(d.src.dataset.move);
    }
  });

  window.addEventListener('pointercancel', end);
  root.addEventListener(
    'click',
    (e) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.stopPropagation();
      e.preventDefault();
    },
    true,
  );
}

/** The card after `el` in the hand (across groups), or null at the end. */
function nextCard(el: HTMLElement): string | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>('#hand .hcard'));
  const i = all.indexOf(el);
  return i >= 0 && i + 1 < all.length ? (all[i + 1].dataset.card ?? null) : null;
}
