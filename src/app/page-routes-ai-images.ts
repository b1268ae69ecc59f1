// Issue 21 part E: writing help, image generation, the gallery, custom parameters and saved styles.
// spec learning §2 "AI area" (/robot/pic, /robot/text) and "Drawing" (/mjpic, /mjpic/custom,
// /mjpic/training): none needs sign-in to open; acting does (the pages ask a guest to sign in).
import { withTheme, type PageRoute } from './page-route-kit';

export const aiImagesPageRoutes: PageRoute[] = [
  { path: 'robot/pic', name: 'robotPic', meta: { title: 'route.robotPic' }, load: () => withTheme(() => import('../features/robot/routes/pic-page')) },
  { path: 'robot/text', name: 'robotText', meta: { title: 'route.robotText' }, load: () => withTheme(() => import('../features/robot/routes/writing-page')) },
  { path: 'mjpic', name: 'mjpic', meta: { title: 'route.mjpic' }, load: () => withTheme(() => import('../features/robot/routes/mjpic-page')) },
  { path: 'mjpic/custom', name: 'mjpicCustom', meta: { title: 'route.mjpicCustom' }, load: () => withTheme(() => import('../features/robot/routes/mjpic-custom-page')) },
  { path: 'mjpic/training', name: 'mjpicTraining', meta: { title: 'route.mjpicTraining' }, load: () => withTheme(() => import('../features/robot/routes/mjpic-training-page')) },
];
