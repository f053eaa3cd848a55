/**
 * The canvas's viewport around the side panel: the room fitting keeps free on the right while a
 * panel is open, fitting the graph after it changed, and panning a step out from under the panel.
 */
import { useReactFlow } from '@xyflow/react';
import { type RefObject, useCallback } from 'react';

/** The side panel's width: 20rem, 22rem from 1280 px (panels/PanelShell.tsx). */
const panelWidth = () => (window.matchMedia('(min-width: 1280px)').matches ? 352 : 320);

export function useCanvasView(canvasRef: RefObject<HTMLDivElement | null>, panelOpen: boolean) {
  const flow = useReactFlow();
  const fitPadding = {
    top: '72px',
    left: '40px',
    bottom: '40px',
    right: panelOpen ? (`${panelWidth() + 40}px` as const) : '40px',
  } as const;

  const fitGraph = () => setTimeout(() => flow.fitView({ duration: 300, maxZoom: 1, padding: fitPadding }), 80);

  const reveal = useCallback(
    (id: string) =>
      requestAnimationFrame(() => {
        const box = canvasRef.current?.getBoundingClientRect();
        const el = canvasRef.current
          ?.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`)
          ?.getBoundingClientRect();
        if (!box || !el) return;
        const visible = box.width - panelWidth() - 16;
        if (el.left >= box.left && el.right <= box.left + visible) return;
        const { x, y, zoom } = flow.getViewport();
        const dx = box.left + visible / 2 - (el.left + el.width / 2);
        flow.setViewport({ x: x + dx, y, zoom }, { duration: 250 });
      }),
    [canvasRef, flow],
  );

  return { fitPadding, fitGraph, reveal };
}
