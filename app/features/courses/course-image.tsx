import "./courses.css";

/** A course's illustration (decorative: the title says what the course is). */
export function CourseImage({ courseKey, image }: { courseKey: string; image: string }) {
  return <img className="course-image" src={`/content/courses/${courseKey}/${image}`} alt="" width={320} height={180} loading="lazy" />;
}
