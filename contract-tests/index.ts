// standin/contract: the contract kit's public face — check any server of the API (standin, a staging server,
// production with a token) against spec/openapi.yaml and the behaviour rules, and get the results.
export { checkContract, type ContractControls, type ContractOptions, type ContractRun } from './kit/check-contract.js';
export type { ContractEvent, ContractReporter } from './kit/progress.js';
export { PreflightError } from './kit/preflight.js';
export { junitXml } from './kit/junit.js';
export { replaySteps, type ReplayOptions } from './explore/explore-replay.js';
export type { ExploreStep } from './explore/explore-step.js';
export type { ExploreOptions } from './checks/explore.js';
export type { CheckResult } from './kit/check-result.js';
export type { FailureCause } from './kit/failure-causes.js';
export type { InForce, StandinConditions } from './kit/standin-in-force.js';
export type { RuleSource } from '../src/spec/rule-sources.js';
