/** Toasts shown by the page's one <Toasts> island (react-hot-toast keeps one store per page). */
export { toast } from 'react-hot-toast'
