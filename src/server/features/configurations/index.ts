// What other parts of the server use from configurations: its one public surface (docs/architecture.md, decision 036).

export type { Answer } from './answers.ts';
export { answerColumns, answerFields, answerList, answerText, fieldLabels } from './answers.ts';
export { configVersionRoutes } from './config-version-routes.ts';
export { benefitOfConfig, draftToDeploy, draftView, publishDraft, toStoredField } from './config-versions.ts';
export type { ConfigRow } from './configurations.ts';
export { createConfig, liveConfigFor, liveFormFor, readConfig, updateConfig } from './configurations.ts';
