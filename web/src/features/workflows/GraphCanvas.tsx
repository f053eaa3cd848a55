/**
 * The React Flow surface both the editor and an execution's page draw on. Nodes and edges come from
 * the API's graph; the canvas keeps what React Flow measures and what is being dragged, and reports
 * connections, drags, selections and deletions to its owner (which asks the API).
 */
import '@xyflow/react/dist/style.css';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type EdgeChange,
  type FitViewOptions,
  type NodeChange,
  type OnBeforeDelete,
  ReactFlow,
} from '@xyflow/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { edgeTypes, nodeTypes, type StepNodeType, type WayEdgeType } from './canvas-parts.tsx';

export function GraphCanvas({
  nodes: built,
  edges: builtEdges,
  editable,
  onConnect,
  isValidConnection,
  onNodeClick,
  onPaneClick,
  onDragStop,
  onBeforeDelete,
  onSelectNode,
  children,
  label,
  fitPadding = 0.2,
}: {
  nodes: StepNodeType[];
  edges: WayEdgeType[];
  editable: boolean;
  onConnect?: (c: Connection) => void;
  isValidConnection?: (c: Connection | WayEdgeType) => boolean;
  onNodeClick?: (id: string) => void;
  onPaneClick?: () => void;
  onDragStop?: (moved: StepNodeType[]) => void;
  onBeforeDelete?: OnBeforeDelete<StepNodeType, WayEdgeType>;
  onSelectNode?: (id: string) => void;
  children?: ReactNode;
  label: string;
  /** Room kept free around the graph when it is fitted (the side panel's width on the right). */
  fitPadding?: FitViewOptions['padding'];
}) {
  const { t } = useTranslation();
  // React Flow's own words (keyboard help, the zoom buttons) in the dashboard's language.
  const ariaLabelConfig = useMemo(
    () => ({
      'node.a11yDescription.default': t(
        'Press enter or space to select a node. Press delete to remove it and escape to cancel.',
      ),
      'node.a11yDescription.keyboardDisabled': t(
        'Press enter or space to select a node. You can then use the arrow keys to move the node around. Press delete to remove it and escape to cancel.',
      ),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) =>
        t(
          '{direction, select, up {Moved selected node up.} down {Moved selected node down.} left {Moved selected node left.} right {Moved selected node right.} other {Moved selected node {direction}.}} New position, x: {x}, y: {y}',
          { direction, x, y },
        ),
      'edge.a11yDescription.default': t(
        'Press enter or space to select an edge. You can then press delete to remove it or escape to cancel.',
      ),
      'controls.ariaLabel': t('Control Panel'),
      'controls.zoomIn.ariaLabel': t('Zoom In'),
      'controls.zoomOut.ariaLabel': t('Zoom Out'),
      'controls.fitView.ariaLabel': t('Fit View'),
      'controls.interactive.ariaLabel': t('Toggle Interactivity'),
      'minimap.ariaLabel': t('Mini Map'),
      'handle.ariaLabel': t('Handle'),
    }),
    [t],
  );
  const [nodes, setNodes] = useState(built);
  const [edges, setEdges] = useState(builtEdges);

  // New data from the API: keep React Flow's measurements, and the place of a step being dragged.
  useEffect(() => {
    setNodes((prev) => {
      const before = new Map(prev.map((n) => [n.id, n]));
      return built.map((n) => {
        const old = before.get(n.id);
        if (!old) return n;
        return { ...n, measured: old.measured, ...(old.dragging ? { position: old.position, dragging: true } : {}) };
      });
    });
  }, [built]);
  useEffect(() => {
    setEdges((prev) => {
      const selected = new Set(prev.filter((e) => e.selected).map((e) => e.id));
      return builtEdges.map((e) => (selected.has(e.id) ? { ...e, selected: true } : e));
    });
  }, [builtEdges]);

  return (
    <ReactFlow<StepNodeType, WayEdgeType>
      aria-label={label}
      ariaLabelConfig={ariaLabelConfig}
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={(changes: NodeChange<StepNodeType>[]) => {
        setNodes((n) => applyNodeChanges(changes, n));
        // Select changes come only from the person (a click, Enter on a focused step), never from props.
        const picked = changes.filter((c) => c.type === 'select' && c.selected);
        if (picked.length === 1 && picked[0]!.type === 'select') onSelectNode?.(picked[0]!.id);
      }}
      onEdgesChange={(changes: EdgeChange<WayEdgeType>[]) => setEdges((e) => applyEdgeChanges(changes, e))}
      onConnect={onConnect}
      isValidConnection={isValidConnection}
      onNodeClick={(_e, node) => onNodeClick?.(node.id)}
      onPaneClick={onPaneClick}
      onNodeDragStop={(_e, _node, moved) => onDragStop?.(moved)}
      onBeforeDelete={onBeforeDelete}
      nodesDraggable={editable}
      nodesConnectable={editable}
      elementsSelectable
      deleteKeyCode={editable ? ['Delete', 'Backspace'] : null}
      fitView
      fitViewOptions={{ maxZoom: 1, padding: fitPadding }}
      minZoom={0.2}
      maxZoom={1.5}
      connectionRadius={28}
      defaultEdgeOptions={{ type: 'way' }}
    >
      <Background gap={18} size={1.2} color="#cbd5e1" />
      <Controls showInteractive={false} position="bottom-left" />
      {children}
    </ReactFlow>
  );
}
