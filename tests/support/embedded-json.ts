// Reads what the server embedded in the HTML of /study/* (issue 15 point 3, schemas/bootstrap.ts):
// the start-up answers and the first data of the home's blocks, each in a
// `<script type="application/json" id=…>` element. Shared by the server and e2e tests.
import {
  BLOCK_DATA_ELEMENT_ID,
  BOOTSTRAP_ELEMENT_ID,
  type PortalBlockData,
  type PortalBootstrap,
} from '../../schemas/bootstrap';

/** The JSON of the HTML's `<script type="application/json" id={id}>` element, or null when it has none. */
export function embeddedJson<T>(html: string, id: string): T | null {
  const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as T) : null;
}

/** The start-up answers the HTML carried, or null when the server sent the page without them. */
export function embeddedBootstrap(html: string): PortalBootstrap | null {
  return embeddedJson<PortalBootstrap>(html, BOOTSTRAP_ELEMENT_ID);
}

/** The first data of the home's blocks the HTML carried, or null when it carried none. */
export function embeddedBlockData(html: string): PortalBlockData | null {
  return embeddedJson<PortalBlockData>(html, BLOCK_DATA_ELEMENT_ID);
}
