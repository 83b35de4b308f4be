/** The Containerfile's stages, each an image localhost/airwave-<stage> (see image.mjs). */
export const IMAGE_STAGES: readonly string[];
export function imageName(stage: string, tag?: string): string;
/** The environment podman runs with here (CONTAINERS_CONF: deploy/containers/containers.conf). */
export const podmanEnv: NodeJS.ProcessEnv;
export const containersConf: string;
/** Builds the images (all, or `stages`); resolves with their names. */
export function buildImages(options?: {
  tag?: string;
  stages?: string[];
  log?: boolean;
}): Promise<string[]>;
/** The compose project `npm test`'s image step brings up. */
export const TEST_PROJECT: string;
/** Removes the containers and volumes of a compose project (podman, by label). */
export function removeComposeProject(project: string): void;
