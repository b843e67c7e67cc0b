// `/user/<id>`: a member's profile (issue 9 §4). The people work fills this in.
export { Component } from '../placeholder/placeholder-page.tsx';
