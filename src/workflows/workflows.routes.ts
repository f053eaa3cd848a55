/** /workflows: the workflow, its graph and its executions. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import {
  cancelAllExecutions,
  cancelExecution,
  getExecution,
  listExecutions,
  startExecution,
} from './executions.service.ts';
import { workflowFields } from './fields.service.ts';
import { addStep, addTransition, deleteStep, deleteTransition, updateStep } from './graph-edit.service.ts';
import {
  AddStepBody,
  AddTransitionBody,
  CancelAllResult,
  CreateWorkflowBody,
  DeleteStepQuery,
  ExecutionPage,
  ExecutionParams,
  ExecutionView,
  ListExecutionsQuery,
  StartExecutionBody,
  StepParams,
  StepView,
  TransitionParams,
  TransitionView,
  UpdateStepBody,
  UpdateWorkflowBody,
  WorkflowFields,
  WorkflowIdParams,
  WorkflowList,
  WorkflowView,
} from './workflows.schemas.ts';
import {
  createWorkflow,
  deleteWorkflow,
  getWorkflow,
  getWorkflowRow,
  listWorkflows,
  updateWorkflow,
} from './workflows.service.ts';

export const workflowRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const tags = ['workflows'];
  const security = [{ apiKey: [] }];
  const pid = (req: FastifyRequest) => req.auth!.projectId;
  // Another project's (or no) workflow is a 404 before its body is looked at: a body that fails
  // validation must not tell a caller anything about an id it cannot see.
  const known = async (req: FastifyRequest) => {
    await getWorkflowRow(deps.reader, pid(req), (req.params as { id: string }).id);
  };
  const params = WorkflowIdParams;

  app.get('/workflows', { schema: { tags, security, response: { 200: WorkflowList } } }, async (req) =>
    listWorkflows(deps, pid(req)),
  );
  app.get('/workflows/fields', { schema: { tags, security, response: { 200: WorkflowFields } } }, async (req) =>
    workflowFields(deps, pid(req)),
  );
  app.post(
    '/workflows',
    { schema: { tags, security, body: CreateWorkflowBody, response: { 201: WorkflowView } } },
    async (req, reply) => reply.code(201).send(await createWorkflow(deps, pid(req), req.body)),
  );
  app.get('/workflows/:id', { schema: { tags, security, params, response: { 200: WorkflowView } } }, async (req) =>
    getWorkflow(deps, pid(req), req.params.id),
  );
  app.patch(
    '/workflows/:id',
    {
      preValidation: known,
      schema: { tags, security, params, body: UpdateWorkflowBody, response: { 200: WorkflowView } },
    },
    async (req) => updateWorkflow(deps, pid(req), req.params.id, req.body),
  );
  app.delete('/workflows/:id', { schema: { tags, security, params } }, async (req, reply) => {
    await deleteWorkflow(deps, pid(req), req.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/workflows/:id/steps',
    { preValidation: known, schema: { tags, security, params, body: AddStepBody, response: { 201: StepView } } },
    async (req, reply) => reply.code(201).send(await addStep(deps, pid(req), req.params.id, req.body)),
  );
  app.patch(
    '/workflows/:id/steps/:stepId',
    {
      preValidation: known,
      schema: { tags, security, params: StepParams, body: UpdateStepBody, response: { 200: StepView } },
    },
    async (req) => updateStep(deps, pid(req), req.params.id, req.params.stepId, req.body),
  );
  app.delete(
    '/workflows/:id/steps/:stepId',
    { preValidation: known, schema: { tags, security, params: StepParams, querystring: DeleteStepQuery } },
    async (req, reply) => {
      await deleteStep(deps, pid(req), req.params.id, req.params.stepId, req.query.splice === true);
      return reply.code(204).send();
    },
  );
  app.post(
    '/workflows/:id/transitions',
    {
      preValidation: known,
      schema: { tags, security, params, body: AddTransitionBody, response: { 201: TransitionView } },
    },
    async (req, reply) => reply.code(201).send(await addTransition(deps, pid(req), req.params.id, req.body)),
  );
  app.delete(
    '/workflows/:id/transitions/:transitionId',
    { schema: { tags, security, params: TransitionParams } },
    async (req, reply) => {
      await deleteTransition(deps, pid(req), req.params.id, req.params.transitionId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/workflows/:id/executions',
    {
      preValidation: known,
      schema: { tags, security, params, body: StartExecutionBody, response: { 201: ExecutionView } },
    },
    async (req, reply) => reply.code(201).send(await startExecution(deps, pid(req), req.params.id, req.body)),
  );
  app.get(
    '/workflows/:id/executions',
    {
      preValidation: known,
      schema: { tags, security, params, querystring: ListExecutionsQuery, response: { 200: ExecutionPage } },
    },
    async (req) => listExecutions(deps, pid(req), req.params.id, req.query),
  );
  app.post(
    '/workflows/:id/executions/cancel-all',
    { schema: { tags, security, params, response: { 200: CancelAllResult } } },
    async (req) => cancelAllExecutions(deps, pid(req), req.params.id),
  );
  app.get(
    '/workflows/:id/executions/:executionId',
    { schema: { tags, security, params: ExecutionParams, response: { 200: ExecutionView } } },
    async (req) => getExecution(deps, pid(req), req.params.id, req.params.executionId),
  );
  app.delete(
    '/workflows/:id/executions/:executionId',
    { schema: { tags, security, params: ExecutionParams, response: { 200: ExecutionView } } },
    async (req) => cancelExecution(deps, pid(req), req.params.id, req.params.executionId),
  );
};
